import type { Blog } from "../../contracts/blogs.ts";
import type { TestApp, TestClient } from "./harness.ts";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A new owner with a built-in account, signed in on the returned client. */
export async function createOwner(
  app: TestApp,
  email = `owner-${unique()}@example.com`,
): Promise<TestClient> {
  const client = app.client();
  const res = await client.post("/auth/sign-up", { email, password: "correct horse battery" });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return client;
}

export async function createBlog(
  owner: TestClient,
  name = `Blog ${unique()}`,
  description?: string,
): Promise<Blog> {
  const res = await owner.post<Blog>("/api/blogs", { name, description });
  if (res.status !== 201) throw new Error(`blog creation failed: ${res.status} ${res.text}`);
  return res.body;
}
