import {
  alertOf,
  escapeHtml,
  invitationNote,
  renderAuthPage,
  type SignInPageState,
} from "./sign-in-page.ts";

/**
 * The built-in sign-up page, where 'Start free' leads (decision 354): its title and its one
 * button create an account; a link leads to sign-in for those who have one. Plain HTML.
 */
export function renderSignUpPage({
  email = "",
  errors = [],
  invite,
}: SignInPageState = {}): string {
  const invitation = invitationNote(invite);
  const signIn = invite ? `/auth/sign-in?invite=${encodeURIComponent(invite)}` : "/auth/sign-in";
  return renderAuthPage({
    title: "Create your account",
    description: "Create a Blogfleet account to start your blogs. No credit card.",
    content: `  <div class="card">
    <h1>Create your account</h1>
    <p class="lead">Start your free trial on this Blogfleet server. No credit card.</p>
    ${alertOf(errors)}
    <form method="post" action="/auth/sign-up" novalidate>
      ${invitation}
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" aria-describedby="password-hint">
      <div class="hint" id="password-hint">At least 8 characters.</div>
      <div class="actions">
        <button class="primary" type="submit">Create account</button>
      </div>
    </form>
    <p class="links">Already have an account? <a href="${escapeHtml(signIn)}">Sign in</a></p>
  </div>`,
  });
}
