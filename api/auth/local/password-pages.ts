import { alertOf, escapeHtml, renderAuthPage } from "./sign-in-page.ts";

/** What "Forgot password?" answers, whether or not an account has the address. */
export const resetRequestedMessage = "If an account exists for that address, we sent a link.";

const backToSignIn = `<p class="links"><a href="/auth/sign-in">Back to sign in</a></p>`;

/** Without SMTP the server cannot send the link: the person who runs it can make one. */
const operatorNote = `<p class="lead">This server does not send e-mail. Ask the person who runs it for a reset link: they can make one with <code>npm run user:reset-password -- your@email</code>. It works once, within 1 hour.</p>`;

/**
 * "Forgot password?": the e-mail form (with SMTP), its one answer for every address, or the
 * operator's way when the server sends no e-mail.
 */
export function renderForgotPasswordPage({
  sendsEmail,
  sent = false,
  email = "",
  errors = [],
}: {
  sendsEmail: boolean;
  /** After the form: the same answer whatever the address. */
  sent?: boolean;
  email?: string;
  errors?: string[];
}): string {
  let body: string;
  if (!sendsEmail) body = operatorNote;
  else if (sent) body = `<p class="lead" role="status">${escapeHtml(resetRequestedMessage)}</p>`;
  else
    body = `<p class="lead">Enter the e-mail of your account. We send a link to choose a new password; it works once, within 1 hour.</p>
    ${alertOf(errors)}
    <form method="post" action="/auth/forgot-password" novalidate>
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
      <div class="actions">
        <button class="primary" type="submit">Send reset link</button>
      </div>
    </form>`;
  return renderAuthPage({
    title: "Reset your password",
    description: "Reset the password of your Blogfleet account.",
    content: `  <div class="card">
    <h1>Reset your password</h1>
    ${body}
    ${backToSignIn}
  </div>`,
  });
}

/** A reset link's page: the new password form, or why the link no longer works. */
export function renderResetPasswordPage({
  token,
  works,
  errors = [],
}: {
  token: string;
  works: boolean;
  errors?: string[];
}): string {
  if (!works) {
    return renderAuthPage({
      title: "This link no longer works",
      description: "A password reset link that was used or has expired.",
      content: `  <div class="card">
    <h1>This link no longer works</h1>
    <p class="lead">This password reset link was used already or has expired (links work once, within 1 hour). Ask for a new one.</p>
    <p class="links"><a href="/auth/forgot-password">Forgot password?</a></p>
  </div>`,
    });
  }
  return renderAuthPage({
    title: "Choose a new password",
    description: "Choose a new password for your Blogfleet account.",
    content: `  <div class="card">
    <h1>Choose a new password</h1>
    <p class="lead">Every device signed in to your account is signed out; this one is signed in with the new password.</p>
    ${alertOf(errors)}
    <form method="post" action="/auth/reset-password" novalidate>
      <input type="hidden" name="token" value="${escapeHtml(token)}">
      <label for="password">New password</label>
      <input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" aria-describedby="password-hint">
      <div class="hint" id="password-hint">At least 8 characters.</div>
      <label for="confirm-password">Confirm new password</label>
      <input id="confirm-password" name="confirmPassword" type="password" autocomplete="new-password" required minlength="8">
      <div class="actions">
        <button class="primary" type="submit">Set new password</button>
      </div>
    </form>
  </div>`,
  });
}
