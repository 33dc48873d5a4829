import { useEffect, useState } from "react";
import type { User } from "../../../contracts/auth.ts";

/** Placeholder until the dashboard shell lands: who is signed in, and the way in or out. */
export function App() {
  const [user, setUser] = useState<User | null | undefined>(undefined);
  useEffect(() => {
    fetch("/api/auth/user", { credentials: "include" })
      .then((res) => (res.ok ? (res.json() as Promise<User>) : null))
      .then(setUser, () => setUser(null));
  }, []);
  if (user === undefined) return <p>Loading...</p>;
  if (!user) {
    return (
      <main className="p-8">
        <h1 className="text-2xl font-bold">Blogfleet</h1>
        <a href="/api/login">Sign in</a>
      </main>
    );
  }
  return (
    <main className="p-8">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <p>{user.email}</p>
      <a href="/api/logout">Log out</a>
    </main>
  );
}
