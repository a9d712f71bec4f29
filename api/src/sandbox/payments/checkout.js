/*
 * The sandbox gateway's stand-in for https://checkout.razorpay.com/v1/checkout.js.
 * It defines `window.Razorpay(options)` as Razorpay's script does:
 *   const rzp = new Razorpay({ key, amount, currency, order_id, name, description, prefill,
 *                              handler(response) {…}, modal: { ondismiss() {…} } });
 *   rzp.on('payment.failed', (response) => {…});  rzp.open();  rzp.close();
 * open() lays an overlay with an iframe of this sandbox's /checkout page over the merchant's page;
 * the page answers with postMessage. Messages are believed only when they come from this
 * sandbox's origin and from that iframe. As Razorpay's `modal.handleback` (true unless set
 * false), the browser's Back closes the checkout as its Close does: open() adds a history entry
 * at the same address, which Back pops, and a checkout closed any other way takes back out.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var sandboxOrigin = new URL(script ? script.src : '/', window.location.href).origin;
  /** The mark the checkout's history entry carries, beside the merchant's own state. */
  var ENTRY = 'boliSandboxCheckout';
  var opened = 0;

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('Razorpay: options.key is required');
    if (!options.order_id) throw new Error('Razorpay: options.order_id is required');
    this.options = options;
    this.listeners = {};
    this.overlay = null;
    this.onMessage = this.receive.bind(this);
    this.onBack = this.back.bind(this);
    this.entry = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) {
      callback(payload);
    });
  };

  Razorpay.prototype.open = function () {
    if (this.overlay) return this;
    var options = this.options;
    var prefill = options.prefill || {};
    var query = new URLSearchParams({
      order_id: options.order_id,
      key_id: options.key,
      name: options.name || '',
      description: options.description || '',
      email: prefill.email || '',
      contact: prefill.contact || '',
      origin: window.location.origin,
    });
    var overlay = document.createElement('div');
    overlay.setAttribute('data-boli-sandbox-checkout', '');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;background:rgba(20,10,30,.6);' +
      'display:flex;align-items:center;justify-content:center;';
    var frame = document.createElement('iframe');
    frame.src = sandboxOrigin + '/checkout?' + query.toString();
    frame.title = 'Sandbox checkout';
    frame.name = 'boli-sandbox-checkout';
    frame.style.cssText =
      'width:min(420px,100vw);height:min(560px,100vh);border:0;border-radius:12px;' +
      'background:#fff;box-shadow:0 12px 40px rgba(0,0,0,.35);';
    overlay.appendChild(frame);
    // As Razorpay's does, the checkout takes the keyboard focus once it has loaded, from whatever
    // had it (a dialog's Proceed); the merchant's dialog must not hold it back (MUI:
    // disableEnforceFocus while the checkout is open).
    frame.addEventListener('load', function () {
      frame.focus();
    });
    document.body.appendChild(overlay);
    frame.focus();
    this.overlay = overlay;
    this.frame = frame;
    this.onKey = this.onKey || this.escape.bind(this);
    document.addEventListener('keydown', this.onKey, true);
    window.addEventListener('message', this.onMessage);
    if (!options.modal || options.modal.handleback !== false) {
      this.entry = ++opened;
      var state = Object.assign({}, window.history.state);
      state[ENTRY] = this.entry;
      window.history.pushState(state, '');
      window.addEventListener('popstate', this.onBack);
    }
    return this;
  };

  /** Back from the checkout's own entry: closed as its Close closes it. */
  Razorpay.prototype.back = function () {
    var state = window.history.state;
    if (state && state[ENTRY] === this.entry) return;
    this.leaveEntry(false);
    this.dismiss();
  };

  /** Stops hearing Back; `takeOut`: the entry is still there, and goes (closed another way). */
  Razorpay.prototype.leaveEntry = function (takeOut) {
    if (this.entry === null) return;
    window.removeEventListener('popstate', this.onBack);
    var state = window.history.state;
    if (takeOut && state && state[ENTRY] === this.entry) window.history.back();
    this.entry = null;
  };

  /** Escape on the merchant's page (focus left outside the checkout) closes it too. */
  Razorpay.prototype.escape = function (event) {
    if (event.key !== 'Escape' || !this.overlay) return;
    event.stopPropagation();
    this.dismiss();
  };

  Razorpay.prototype.dismiss = function () {
    this.close();
    var modal = this.options.modal;
    if (modal && typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.close = function () {
    if (!this.overlay) return;
    this.leaveEntry(true);
    window.removeEventListener('message', this.onMessage);
    document.removeEventListener('keydown', this.onKey, true);
    this.overlay.remove();
    this.overlay = null;
    this.frame = null;
  };

  Razorpay.prototype.receive = function (event) {
    if (event.origin !== sandboxOrigin) return;
    if (!this.frame || event.source !== this.frame.contentWindow) return;
    var message = event.data;
    if (!message || message.source !== 'boli-sandbox-checkout') return;
    var options = this.options;
    if (message.type === 'success') {
      this.close();
      if (typeof options.handler === 'function') options.handler(message.response);
    } else if (message.type === 'failure') {
      // Like Razorpay, the checkout stays open so the customer can try again.
      this.emit('payment.failed', { error: message.error });
    } else if (message.type === 'dismiss') {
      this.dismiss();
    }
  };

  window.Razorpay = Razorpay;
})();
