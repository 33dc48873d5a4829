/** The built-in account pages: plain HTML that works without JavaScript. */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The problems of a form, announced: nothing when there are none. */
export const alertOf = (errors: string[]) =>
  errors.length === 0
    ? ""
    : `<div class="alert" role="alert"><ul>${errors.map((e) => `<li>${escapeHtml(e)}</li>`).join("")}</ul></div>`;

export type SignInPageState = {
  email?: string;
  errors?: string[];
  /** An invitation link's token, sent again with "Create account". */
  invite?: string;
};

/** The note an invitation link's visitor sees, with its token carried by the form ("" without one). */
export function invitationNote(invite: string | undefined): string {
  return invite
    ? `<p class="invited">You were invited to this server: choose a password and Create account.</p>
      <input type="hidden" name="invite" value="${escapeHtml(invite)}">`
    : "";
}

export function renderSignInPage({
  email = "",
  errors = [],
  invite,
}: SignInPageState = {}): string {
  const invitation = invitationNote(invite);
  const alert = alertOf(errors);
  return renderAuthPage({
    title: "Sign in",
    description: "Sign in to Blogfleet to run your blogs.",
    content: `  <div class="card">
    <h1>Sign in</h1>
    <p class="lead">Use your Blogfleet account on this server, or create one.</p>
    ${alert}
    <form method="post" action="/auth/sign-in" novalidate>
      ${invitation}
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required minlength="8" aria-describedby="password-hint">
      <div class="hint" id="password-hint">At least 8 characters.</div>
      <p class="links"><a href="/auth/forgot-password">Forgot password?</a></p>
      <div class="actions">
        <button class="primary" type="submit">Sign in</button>
        <button type="submit" formaction="/auth/sign-up">Create account</button>
      </div>
    </form>
  </div>`,
  });
}

/**
 * The frame of the built-in account pages (sign-in, forgotten password, new password): the
 * brand, one card with `content`, and the way back.
 */
export function renderAuthPage({
  title,
  description,
  content,
}: {
  title: string;
  description: string;
  /** Trusted HTML: everything from the request in it is escaped by the caller. */
  content: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Blogfleet</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  :root { color-scheme: light dark; --bg:#faf7f2; --card:#fff; --text:#1c1917; --muted:#57534e; --border:#d6d3d1; --brand:#b4531a; --brand-text:#fff; --error-bg:#fef2f2; --error:#991b1b; }
  @media (prefers-color-scheme: dark) { :root { --bg:#0c0a09; --card:#1c1917; --text:#f5f5f4; --muted:#a8a29e; --border:#44403c; --brand:#f59e0b; --brand-text:#1c1917; --error-bg:#450a0a; --error:#fecaca; } }
  * { box-sizing: border-box; }
  body { margin:0; min-height:100vh; display:grid; place-items:center; background:var(--bg); color:var(--text); font:16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; padding:1.5rem; }
  main { width:100%; max-width:24rem; }
  .brand { display:flex; align-items:center; gap:.5rem; font-weight:700; font-size:1.25rem; margin-bottom:1.5rem; justify-content:center; }
  .brand svg { width:2rem; height:2rem; }
  .card { background:var(--card); border:1px solid var(--border); border-radius:.75rem; padding:1.75rem; box-shadow:0 1px 3px rgb(0 0 0 / .08); }
  h1 { font-size:1.375rem; margin:0 0 .25rem; }
  p.lead { color:var(--muted); margin:0 0 1.25rem; font-size:.9375rem; }
  label { display:block; font-weight:600; font-size:.875rem; margin:1rem 0 .375rem; }
  input { width:100%; padding:.625rem .75rem; border:1px solid var(--border); border-radius:.5rem; background:transparent; color:inherit; font:inherit; }
  input:focus-visible, button:focus-visible { outline:3px solid var(--brand); outline-offset:2px; }
  .hint { color:var(--muted); font-size:.8125rem; margin-top:.375rem; }
  .actions { display:grid; gap:.625rem; margin-top:1.5rem; }
  button { padding:.625rem 1rem; border-radius:.5rem; font:inherit; font-weight:600; cursor:pointer; border:1px solid var(--border); background:transparent; color:inherit; }
  button.primary { background:var(--brand); color:var(--brand-text); border-color:var(--brand); }
  .alert { background:var(--error-bg); color:var(--error); border-radius:.5rem; padding:.75rem 1rem; margin-bottom:1rem; font-size:.9375rem; }
  .alert ul { margin:0; padding-left:1.125rem; }
  .invited { border:1px solid var(--border); border-radius:.5rem; padding:.75rem 1rem; margin:0 0 .5rem; font-size:.9375rem; }
  .links { text-align:right; margin-top:.5rem; font-size:.875rem; }
  .links a { color:inherit; }
  .back { display:block; text-align:center; margin-top:1.25rem; color:var(--muted); font-size:.875rem; }
</style>
</head>
<body>
<main>
  <div class="brand" aria-hidden="true"><svg viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#df7020"/><path d="M9 22V10h7.5a3.5 3.5 0 0 1 0 7H9m7.5 0a3 3 0 0 1 0 5H9" fill="none" stroke="#fff" stroke-width="2.5" stroke-linejoin="round"/></svg>Blogfleet</div>
${content}
  <a class="back" href="/">Back to Blogfleet</a>
</main>
</body>
</html>`;
}
