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
