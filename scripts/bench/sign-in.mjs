// Signs the demo manager in over HTTP, as the web app does: an access token and their first company.
export const DEMO = { email: "demo@example.com", password: "foreman-demo" };

/** `request` is fetch, or one that trusts the bench's own certificate (local-tls.mjs). */
export async function signIn(base, { email, password } = DEMO, request = fetch) {
  const response = await request(`${base}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-client-id": "foreman-web" },
    body: JSON.stringify({ grant_type: "password", username: email, password, client_id: "foreman-web" }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { access_token: token } = await response.json();
  const me = await (await request(`${base}/app/me.json`, { headers: { authorization: `Bearer ${token}` } })).json();
  return { token, companyId: me.company.id };
}
