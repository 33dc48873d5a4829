/**
 * Asked when `/api/logout` is reached from another site (issue 13, finding 6): a page elsewhere
 * must not sign the owner out, so the owner confirms with a button that POSTs.
 */
export function renderSignOutPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out · Blogfleet</title>
<style>
  :root { color-scheme: light dark; }
  body { margin:0; min-height:100vh; display:grid; place-items:center; font:16px/1.5 system-ui, sans-serif; padding:1.5rem; }
  main { max-width:24rem; text-align:center; }
  button { padding:.625rem 1rem; border-radius:.5rem; font:inherit; font-weight:600; cursor:pointer; border:1px solid #b4531a; background:#b4531a; color:#fff; }
  a { display:block; margin-top:1.25rem; color:inherit; font-size:.875rem; }
</style>
</head>
<body>
<main>
  <h1>Sign out of Blogfleet?</h1>
  <p>Another site sent you here. Sign out only if you meant to.</p>
  <form method="post" action="/api/logout"><button type="submit">Sign out</button></form>
  <a href="/">Stay signed in</a>
</main>
</body>
</html>`;
}
