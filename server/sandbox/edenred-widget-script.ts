import { SANDBOX_EDENRED_PATH as P } from '../payments/edenred/edenred-client';

/**
 * The widget, as Edenred's script would be: plain JavaScript, no dependency, DOM APIs only (never
 * innerHTML with data), talking to this emulator on the origin it was loaded from.
 */
export const WIDGET_SCRIPT = String.raw`(function () {
  'use strict';
  var current = document.currentScript;
  var origin = current && current.src ? new URL(current.src, location.href).origin : location.origin;
  var SESSIONS = origin + '${P}/widget/v1/sessions/';
  var euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
  var mounted = 0;

  function h(tag, props, children) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (key) {
      if (key === 'text') node.textContent = props[key];
      else if (key === 'style') node.style.cssText = props[key];
      else node.setAttribute(key, props[key]);
    });
    (children || []).forEach(function (child) { node.appendChild(child); });
    return node;
  }

  function request(url, body) {
    var init = { headers: { accept: 'application/json' }, credentials: 'omit' };
    if (body) {
      init.method = 'POST';
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(url, init).then(function (res) {
      return res.json();
    });
  }

  function mount(element, options) {
    if (!element || !options || typeof options.sessionId !== 'string') {
      throw new TypeError('EdenredWidget.mount(element, { sessionId, onAuthorized, onError })');
    }
    var alive = true;
    var id = 'edenred-widget-' + ++mounted;
    var sessionUrl = SESSIONS + encodeURIComponent(options.sessionId);
    var root = h('div', { class: 'edenred-widget', style: 'display:grid;gap:.5rem' }, [
      h('p', { role: 'status', text: 'Chargement du paiement Edenred…' }),
    ]);
    element.appendChild(root);

    function replace(children) {
      while (root.firstChild) root.removeChild(root.firstChild);
      children.forEach(function (child) { root.appendChild(child); });
    }

    function giveUp(text) {
      replace([h('p', { role: 'alert', text: text })]);
      if (alive) options.onError(text);
    }

    function render(session) {
      if (session.status !== 'open') {
        replace([h('p', { role: 'status', text: 'Ce paiement Edenred a déjà été traité.' })]);
        return;
      }
      var email = h('input', { id: id + '-email', name: 'username', type: 'email', autocomplete: 'username', required: '' });
      var password = h('input', { id: id + '-password', name: 'password', type: 'password', autocomplete: 'current-password', required: '' });
      var error = h('p', { role: 'alert', class: 'edenred-widget__error', style: 'color:#a12a2a;margin:0' });
      var submit = h('button', { type: 'submit', text: 'Payer ' + euros.format(session.amount / 100) + ' avec Edenred' });
      var hint = (session.demo_accounts || []).map(function (a) {
        return a.username + ' (' + euros.format(a.balance / 100) + ')';
      });
      var form = h('form', { class: 'edenred-widget__form', style: 'display:grid;gap:.4rem' }, [
        h('p', { style: 'margin:0', text: 'Bac à sable Edenred · aucun paiement réel' }),
        h('label', { for: id + '-email', text: 'E-mail Edenred' }),
        email,
        h('label', { for: id + '-password', text: 'Mot de passe' }),
        password,
        error,
        submit,
        h('p', { style: 'margin:0;font-size:.85em', text: 'Comptes de démonstration, mot de passe « demo » : ' + hint.join(', ') }),
      ]);
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        submit.disabled = true;
        error.textContent = '';
        request(sessionUrl + '/authorize', { username: email.value, password: password.value }).then(
          function (answer) {
            if (!alive) return;
            if (answer && typeof answer.payload === 'string') {
              replace([h('p', { role: 'status', text: 'Paiement Edenred autorisé.' })]);
              options.onAuthorized(answer.payload);
              return;
            }
            var text = (answer && answer.error_text) || 'Le paiement Edenred a échoué.';
            error.textContent = text;
            if (answer && answer.retry) {
              submit.disabled = false;
              return;
            }
            email.disabled = true;
            password.disabled = true;
            options.onError(text);
          },
          function () {
            if (!alive) return;
            error.textContent = 'Le service Edenred ne répond pas. Réessayez.';
            submit.disabled = false;
          }
        );
      });
      replace([form]);
    }

    request(sessionUrl + '/public').then(
      function (answer) {
        if (!alive) return;
        if (answer && answer.data) render(answer.data);
        else giveUp((answer && answer.error_text) || 'Session de paiement Edenred introuvable.');
      },
      function () {
        if (alive) giveUp('Le service Edenred ne répond pas.');
      }
    );

    return {
      unmount: function () {
        alive = false;
        if (root.parentNode) root.parentNode.removeChild(root);
      },
    };
  }

  window.EdenredWidget = { mount: mount };
})();
`;
