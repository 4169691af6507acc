// Asks for the signed-in member while the app's own code is still loading (a plain script runs
// before the app's module script), so the answer is usually there when the app starts. The app
// takes it once (src/lib/actors/session-actors.ts): a member, or null when the request did not
// answer with one (signed out, offline), in which case the app asks again itself.
window.sidelineStartUpRequest = fetch('/api/auth/me', {
  credentials: 'same-origin',
  cache: 'no-store',
  headers: { accept: 'application/json' },
})
  .then((response) => (response.ok ? response.json() : null))
  .catch(() => null);

// The first date format a page asks for makes the browser load its time zone and calendar data:
// 15–50 ms of main thread on a two-core machine, once. Paid here, in a task of its own, it falls
// while the app's code is still compiling and the network answers, not in the first render of the
// message list (docs/decisions/0010).
setTimeout(() => {
  new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(0);
  new Intl.NumberFormat().format(0);
}, 0);
