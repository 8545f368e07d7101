// The Edenred login popup's last page: tells the shop (the opener, and any tab of this origin
// through a BroadcastChannel when the provider cut the opener link) how the login ended, then closes.
(function () {
  var status = document.body.getAttribute('data-status') === 'success' ? 'success' : 'error';
  var message = { source: 'popote-edenred', status: status };
  try {
    if (window.opener) window.opener.postMessage(message, window.location.origin);
  } catch {
    // The opener is gone or of another origin: the channel below still tells the shop.
  }
  try {
    var channel = new BroadcastChannel('popote-edenred-login');
    channel.postMessage(message);
    channel.close();
  } catch {
    // No BroadcastChannel (old browsers): the opener message above is the only path.
  }
  setTimeout(function () {
    window.close();
  }, status === 'success' ? 600 : 2500);
})();
