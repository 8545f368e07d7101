import { z } from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { emailField, idField, isoDateField, textField } from './fields';

/**
 * The team app's API (Popote Équipe, docs/product/team.md): staff accounts and sessions, the
 * day's orders, cancellations and refunds, stock, the audit trail. All under /api/staff/.
 */

export const STAFF_ROLES = ['admin', 'cuisine', 'livreur'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];
export const ROLE_LABELS: Record<StaffRoleName, string> = { admin: 'Administration', cuisine: 'Cuisine', livreur: 'Livraison' };

export const STAFF_ERRORS = {
  unauthenticated: 'staff_unauthenticated',
  forbidden: 'staff_forbidden',
  lastAdmin: 'last_admin',
  emailTaken: 'staff_email_taken',
  linkInvalid: 'staff_link_invalid',
  secondFactorPending: 'staff_second_factor',
  secondFactorState: 'second_factor_state',
  orderState: 'order_state',
  refundTooLarge: 'refund_too_large',
  stockBelowOrdered: 'stock_below_ordered',
} as const;

export const STAFF_MESSAGES = {
  unauthenticated: 'Connectez-vous à Popote Équipe.',
  forbidden: 'Votre rôle ne permet pas cette action.',
  badCredentials: 'Ces identifiants ne correspondent à aucun compte de l’équipe.',
  lastAdmin: 'Il faut au moins un administrateur qui puisse se connecter (actif, avec un mot de passe et sa double authentification) : donnez ce rôle à quelqu’un d’autre, et attendez qu’il l’ait activée, avant.',
  secondFactorPending: 'Terminez votre connexion : saisissez le code de votre application d’authentification.',
  badCode: 'Ce code ne convient pas : saisissez les 6 chiffres affichés maintenant par votre application (chaque code ne sert qu’une fois), ou un code de secours.',
  badEnrolmentCode: 'Ce code ne correspond pas : vérifiez que l’heure de votre téléphone est juste, puis saisissez les 6 chiffres affichés maintenant.',
  emailTaken: 'Un membre de l’équipe a déjà cette adresse.',
  linkInvalid: 'Ce lien n’est plus valable : demandez-en un nouveau à un administrateur.',
} as const;

export const staffRoleSchema = z.enum(STAFF_ROLES);
const rolesField = z.array(staffRoleSchema).check(
  z.minLength(1, { error: 'Choisissez au moins un rôle.' }),
  z.refine((roles) => new Set(roles).size === roles.length, { error: 'Chaque rôle une seule fois.' }),
);
const staffPasswordField = z
  .string({ error: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.` })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, { error: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.` }),
    z.maxLength(200, { error: 'Le mot de passe est trop long (200 caractères au plus).' }),
  );

/** POST /api/staff/login */
export const staffLoginBodySchema = z.object({ email: emailField, password: z.string().check(z.minLength(1, { error: 'Saisissez votre mot de passe.' }), z.maxLength(200)) });

/**
 * What a session still needs before it opens anything: the second factor's code (`totp`), or its
 * enrolment (`enrol`, an admin without one); null once signed in.
 */
export const SECOND_FACTOR_STEPS = ['totp', 'enrol'] as const;

/** GET /api/staff/me, and the login's answer. */
export const staffMeSchema = z.object({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(staffRoleSchema),
  /** The step left before this session opens anything (absent from a device's kept copy). */
  pending: z.optional(z.nullable(z.enum(SECOND_FACTOR_STEPS))),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** A TOTP code (6 digits) or a recovery code (16 letters and digits, dashes and spaces ignored). */
const secondFactorCodeField = z
  .string({ error: 'Saisissez le code à 6 chiffres de votre application, ou un code de secours.' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'Saisissez le code à 6 chiffres de votre application, ou un code de secours.' }),
    z.maxLength(40, { error: 'Ce code est trop long : 6 chiffres, ou un code de secours.' }),
  );

/** POST /api/staff/second-factor/verify: the login's second step. */
export const staffCodeBodySchema = z.object({ code: secondFactorCodeField });

/** POST /api/staff/second-factor/enrolment: a new secret for the member's app, to confirm with a code. */
export const staffEnrolmentSchema = z.object({
  /** The secret in base32, for typing into the app by hand (four-letter groups). */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG data URL. */
  qr_code: z.string(),
});

/** POST /api/staff/second-factor/enrolment/confirm: signed in, and the recovery codes, shown this once. */
export const staffEnrolledSchema = z.object({ me: staffMeSchema, recovery_codes: z.array(z.string()) });

/**
 * A link to set a password (an invitation, a new link): mailed, or — when no mail can leave (no
 * SMTP_URL outside the sandbox) — given to the admin to pass on by hand.
 */
export const staffLinkSchema = z.object({
  message: z.string(),
  /** Whether the mail went out (queued for SMTP, or to the sandbox's mailbox). */
  mailed: z.boolean(),
  /** The link itself when it was not mailed; null otherwise. */
  link: z.nullable(z.string()),
});

/** POST /api/staff/password: the one-time link's token and the new password. */
export const staffPasswordBodySchema = z
  .object({ token: z.string().check(z.minLength(20), z.maxLength(100)), password: staffPasswordField, password_confirmation: z.string() })
  .check(z.refine((v) => v.password === v.password_confirmation, { error: 'Les deux mots de passe ne correspondent pas.', path: ['password_confirmation'] }));

/** The team's members, for an admin. */
export const staffMemberSchema = z.object({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(staffRoleSchema),
  active: z.boolean(),
  /** false until the member has set a password through their link. */
  password_set: z.boolean(),
  /** Whether the member has enrolled a second factor (TOTP). */
  second_factor: z.boolean(),
  /** Whether the member must have one to sign in (an admin, but for the demo's public accounts). */
  second_factor_required: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
/** POST /api/staff/members: the member, and how their link travels. */
export const staffInvitedSchema = z.object({ member: staffMemberSchema, delivery: staffLinkSchema });
export const staffMembersSchema = z.array(staffMemberSchema);

/** POST /api/staff/members: an invitation (the member gets a one-time link by mail). */
export const staffInviteBodySchema = z.object({ email: emailField, name: textField('nom', 80), roles: rolesField });
/** PATCH /api/staff/members/{id}: roles, or active (false disables the account and ends its sessions). */
export const staffMemberPatchSchema = z.object({ roles: z.optional(rolesField), active: z.optional(z.boolean()) });
export const staffIdParamsSchema = z.object({ id: z.pipe(z.coerce.number(), idField('Identifiant invalide.')) });

/** ?date=YYYY-MM-DD, required. */
export const staffDateQuerySchema = z.object({ date: isoDateField });

/* ------------------------------------------------------------------ the day's orders */

/** Where an order stands (docs/product/team.md). */
export const ORDER_STATES = ['placed', 'prepared', 'out', 'delivered', 'absent', 'cancelled', 'refunded'] as const;
export type OrderStateName = (typeof ORDER_STATES)[number];
export const ORDER_STATE_LABELS: Record<OrderStateName, string> = {
  placed: 'À livrer',
  prepared: 'Préparée',
  out: 'En livraison',
  delivered: 'Livrée',
  absent: 'Client absent',
  cancelled: 'Annulée',
  refunded: 'Remboursée',
};

export const PAYMENT_MEANS = ['card', 'edenred', 'pool', 'paper_vouchers'] as const;
export type PaymentMeansName = (typeof PAYMENT_MEANS)[number];
export const PAYMENT_MEANS_LABELS: Record<PaymentMeansName, string> = {
  card: 'Carte bancaire',
  edenred: 'Edenred',
  pool: 'Cagnotte',
  paper_vouchers: 'Titres-restaurant papier',
};
/** A means' state: card paid or refunded; paper vouchers declared or received; refunds pending. */
export const MEANS_STATES = ['paid', 'declared', 'received', 'partly_received', 'refund_pending', 'refunded'] as const;
export const MEANS_STATE_LABELS: Record<(typeof MEANS_STATES)[number], string> = {
  paid: 'payé',
  declared: 'déclarés',
  received: 'reçus',
  partly_received: 'reçus en partie',
  refund_pending: 'remboursement en attente',
  refunded: 'remboursé',
};

const staffOrderLineSchema = z.object({
  /** The line's own id: a refund of items names it. */
  id: z.int(),
  name: z.string(),
  quantity: z.int(),
  unit_price: z.int(),
  type: z.string(),
  /** How many of it were refunded as items already. */
  refunded_quantity: z.int(),
  /** A formula's chosen dishes and extras. */
  children: z.array(z.object({ name: z.string(), category: z.nullable(z.string()), extra: z.boolean() })),
});

export const staffOrderSchema = z.object({
  id: z.int(),
  invoice_number: z.nullable(z.string()),
  state: z.enum(ORDER_STATES),
  state_label: z.string(),
  refund_pending: z.boolean(),
  customer: z.object({ id: z.int(), name: z.string(), email: z.string(), phone: z.string(), company: z.nullable(z.string()) }),
  delivery: z.object({
    date: z.nullable(z.string()),
    start: z.nullable(z.string()),
    end: z.nullable(z.string()),
    point: z.nullable(z.string()),
    tour: z.nullable(z.string()),
  }),
  lines: z.array(staffOrderLineSchema),
  cutlery: z.int(),
  tote_bags: z.int(),
  containers_added: z.int(),
  containers_returned: z.int(),
  /** Containers the courier took back, once the round is closed (null before). */
  containers_received: z.nullable(z.int()),
  /** Left to pay after the round (vouchers or containers short of the declaration), cents. */
  balance_due: z.int(),
  amount_total: z.int(),
  refunded: z.int(),
  /** What may still be given back: the money the order really received, less what went back (declared vouchers not received are none). */
  refundable: z.int(),
  /** `received`: paper vouchers once the courier's round is closed, what really came (the ledger's posted vouchers). */
  means: z.array(z.object({ means: z.enum(PAYMENT_MEANS), amount: z.int(), state: z.enum(MEANS_STATES), received: z.optional(z.int()) })),
  created_at: z.string(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;
export const staffOrdersSchema = z.object({ date: z.string(), orders: z.array(staffOrderSchema) });

const reasonField = textField('motif', 300);
/** POST /api/staff/orders/{id}/cancel */
export const cancelBodySchema = z.object({ reason: reasonField });
/** POST /api/staff/orders/{id}/refund: an amount in cents, at most what is left to refund. */
const REFUND_WHAT_MESSAGE = 'Indiquez un montant, ou les articles à rembourser.';
/**
 * POST /api/staff/orders/{id}/refund: an amount in cents, or items (the order's lines and how many
 * of each): their VAT is theirs on the credit note, never spread over the whole invoice.
 */
export const refundBodySchema = z
  .object({
    amount: z.optional(z.int({ error: 'Le montant doit être en centimes.' }).check(z.positive({ error: 'Le montant doit être positif.' }), z.maximum(1_000_000))),
    lines: z.optional(
      z
        .array(z.object({ id: idField('Article invalide.'), quantity: z.int({ error: 'Indiquez combien.' }).check(z.positive({ error: 'Au moins un.' }), z.maximum(100)) }))
        .check(z.minLength(1, { error: REFUND_WHAT_MESSAGE }), z.maxLength(50)),
    ),
    reason: reasonField,
  })
  .check(z.refine((b) => (b.amount === undefined) !== (b.lines === undefined), { error: REFUND_WHAT_MESSAGE }));
export type RefundBody = z.infer<typeof refundBodySchema>;
export const refundAnswerSchema = z.object({
  order: staffOrderSchema,
  credit_note: z.object({ id: z.int(), number: z.string(), amount: z.int() }),
});

/* ------------------------------------------------------------------ stock */

export const staffStockRowSchema = z.object({
  product_id: z.int(),
  name: z.string(),
  category: z.string(),
  /** Portions in placed orders (cancelled ones given back). */
  ordered: z.int(),
  /** Portions taken: orders and live carts. */
  reserved: z.int(),
  /** The cap, null for none. */
  stock: z.nullable(z.int()),
  left: z.nullable(z.int()),
  sold_out: z.boolean(),
});
export type StaffStockRow = z.infer<typeof staffStockRowSchema>;
export const staffStockSchema = z.object({ date: z.string(), dishes: z.array(staffStockRowSchema) });
export const stockParamsSchema = z.object({ date: isoDateField, productId: z.pipe(z.coerce.number(), idField('Plat inconnu.')) });
/** PUT /api/staff/stock/{date}/{productId}: a cap (null: none), or sold out / back on sale. */
export const stockBodySchema = z.union([
  z.object({ quantity: z.nullable(z.int({ error: 'La quantité doit être un nombre entier.' }).check(z.minimum(0, { error: 'La quantité ne peut pas être négative.' }), z.maximum(10_000))) }),
  z.object({ sold_out: z.boolean() }),
]);

/* ------------------------------------------------------------------ audit */

export const auditEntrySchema = z.object({
  id: z.int(),
  /** The line in words (French), worded when read from the fields below: who did what, to which invoice, customer or dish, for how much. */
  text: z.string(),
  at: z.string(),
  device_at: z.nullable(z.string()),
  staff: z.nullable(z.string()),
  action: z.string(),
  order_id: z.nullable(z.int()),
  customer_id: z.nullable(z.int()),
  product_id: z.nullable(z.int()),
  amount: z.nullable(z.int()),
  details: z.record(z.string(), z.unknown()),
  request_id: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditSchema = z.object({ date: z.string(), entries: z.array(auditEntrySchema) });

/** What each audited action is, in French (the audit page's words). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'staff.login': 'Connexion',
  'staff.logout': 'Déconnexion',
  'staff.invite': 'Invitation d’un membre',
  'staff.password': 'Mot de passe choisi',
  'staff.roles': 'Rôles modifiés',
  'staff.disable': 'Compte désactivé',
  'staff.enable': 'Compte réactivé',
  'order.cancel': 'Commande annulée',
  'order.refund': 'Remboursement',
  'order.refund_retry': 'Remboursement relancé',
  'order.paper_vouchers': 'Titres papier reçus',
  'stock.cap': 'Stock modifié',
  'stock.sold_out': 'Plat épuisé',
  'stock.on_sale': 'Plat remis en vente',
  'catalog.import': 'Carte importée',
  'tour.stops': 'Ordre des arrêts modifié',
  'tour.couriers': 'Livreurs habituels nommés',
  'round.courier': 'Livreur de la tournée changé',
  'round.handed_over': 'Sac remis',
  'round.absent': 'Client absent',
  'round.vouchers_received': 'Titres reçus en tournée',
  'round.containers_returned': 'Contenants rendus',
  'round.undo': 'Saisie annulée',
  'round.settled': 'Commande soldée à la clôture',
  'round.close': 'Tournée close',
  'day.close': 'Journée clôturée',
  'remittance.create': 'Remise de titres préparée',
  'remittance.sent': 'Remise envoyée',
  'remittance.paid': 'Remise payée',
  'order.balance_received': 'Règlement reçu',
  'order.balance_paid': 'Reste réglé par le client',
  'ledger.held_approved': 'Réception validée',
  'ledger.held_rejected': 'Réception refusée',
  'staff.second_factor_enrolled': 'Double authentification activée',
  'staff.second_factor_reset': 'Double authentification réinitialisée',
};

/* ------------------------------------------------------------------ a day's catalog */

/**
 * POST /api/staff/catalog-import (multipart: the JSON file in `catalog`, photos as `photos` parts,
 * found by their file name), `?preview=1` for what it would change without changing it. The same
 * file and rules as `npm run catalog:import` (docs/catalog-import.md).
 */
export const catalogImportQuerySchema = z.object({ preview: z.optional(z.enum(['0', '1'])) });
export const catalogImportAnswerSchema = z.object({
  applied: z.boolean(),
  created: z.array(z.string()),
  updated: z.array(z.string()),
  unchanged: z.array(z.string()),
  days: z.array(z.object({ date: z.string(), dishes: z.int(), removed: z.array(z.string()) })),
});
export type CatalogImportAnswer = z.infer<typeof catalogImportAnswerSchema>;
export const catalogImportFieldsSchema = z.object({ catalog: z.string() });

/* ------------------------------------------------------------------ the kitchen's sheet */

/** GET /api/staff/kitchen-sheet?date=: what to cook for a delivery date (cuisine, admin). */
export const kitchenSheetSchema = z.object({
  date: z.string(),
  /** After the day's last cut-off nothing changes any more: "définitive". */
  final: z.boolean(),
  /** The last cut-off of the day ('HH:MM'), null without deliveries. */
  cut_off: z.nullable(z.string()),
  generated_at: z.string(),
  /** The tours of the day, in the columns' order. */
  tours: z.array(z.string()),
  dishes: z.array(
    z.object({
      product_id: z.int(),
      name: z.string(),
      category: z.string(),
      allergens: z.array(z.string()),
      total: z.int(),
      by_tour: z.record(z.string(), z.int()),
    }),
  ),
  /** Deposit containers to fill: one per formula. */
  containers: z.int(),
  cutlery: z.int(),
  tote_bags: z.int(),
  orders: z.int(),
  /** When this member last printed the day's sheet, and what changed since. */
  printed_at: z.nullable(z.string()),
  changes: z.array(z.object({ order_id: z.int(), invoice_number: z.nullable(z.string()), kind: z.enum(['placed', 'cancelled']), at: z.string(), portions: z.int() })),
});
export type KitchenSheet = z.infer<typeof kitchenSheetSchema>;
export const kitchenPrintBodySchema = z.object({ date: isoDateField });
