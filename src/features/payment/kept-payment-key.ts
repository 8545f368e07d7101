/** Where a card payment left unsettled is kept on the device (read by the app's start without loading the payment code). */
export const KEPT_PAYMENT_KEY = 'popote:card-payment';
