// The social-login popup's last page (server/auth-frame/social-routes.ts): it posts its result to the window
// that opened it, with the allowlisted site origin the login was started for as the ONLY target, and closes.
const { parent, message } = document.body.dataset;
if (parent && message && window.opener) {
  window.opener.postMessage(JSON.parse(message), parent);
  window.close();
}
