/**
 * Limits on expensive owner actions (issue 29, findings 6 and 8; decision 312), tried as a
 * flooding owner would against the real app:
 *  6. uploads: 40 sent at once (each a decode and about seven encodes), 40 held in progress at
 *     once (the body sent in part), and 250 in a row;
 *  -  exports: 30 in a row;
 *  8. invitations: a burst of 60 from the server's owner, an account that came in by invitation
 *     minting links, and an owner with the most open links asking for one more.
 * Each line says how many were accepted and how many refused, against the limit.
 *
 *   npm run check:security -- limits
 */
import { createSessionStore } from "../../../api/auth/sessions.ts";
import { invitations, users } from "../../../api/db/schema.ts";
import { createBlog, createOwner, createOwnerWithBlog } from "../../../api/test/factories.ts";
import { type TestApp, type TestClient, withTestApp } from "../../../api/test/harness.ts";
import { heldUpload } from "../../../api/test/held-upload.ts";
import { makeImage, uploadFile } from "../../../api/test/images.ts";
import { ownerActionLimits } from "../../../contracts/limits.ts";
import type { Figure, SecurityCheck } from "./report.ts";

const { uploadsPerHour, uploadsAtOnce, exportsPerHour, invitationsPerHour, openInvitations } =
  ownerActionLimits;
const password = "correct horse battery";

/** Small distinct images (each stored as its own item when accepted). */
const images = (count: number, from: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) => makeImage({ width: 64, height: 48, seed: from + i })),
  );

const storedCount = async (owner: TestClient, blogId: string) =>
  ((await owner.get<unknown[]>(`/api/blogs/${blogId}/media`)).body ?? []).length;

/** Finding 6 as reported: 40 uploads sent at once by one owner. */
async function uploadBurst(app: TestApp): Promise<Figure> {
  const { owner, blogId } = await createOwnerWithBlog(app);
  const files = await images(40, 1000);
  const started = performance.now();
  const answers = await Promise.all(
    files.map((bytes, i) => uploadFile(owner, blogId, bytes, `burst-${i}.jpg`)),
  );
  const ms = performance.now() - started;
  const accepted = answers.filter((res) => res.status === 201).length;
  const refused = answers.filter((res) => res.status === 429).length;
  const stored = await storedCount(owner, blogId);
  return {
    name: "uploads: 40 sent at once by one owner",
    text:
      `accepted ${accepted}, refused with 429 ${refused}, stored ${stored} in ${Math.round(ms)} ms` +
      ` (at most ${uploadsAtOnce} in progress at once; before: 40 of 40)`,
    ok: refused > 0 && accepted + refused === 40 && stored === accepted,
  };
}

/** The same, with every upload held in progress: exactly the limit gets in. */
async function uploadsHeld(app: TestApp): Promise<Figure> {
  const { owner, blogId } = await createOwnerWithBlog(app);
  const files = await images(40, 2000);
  const held = files.map((bytes, i) => heldUpload(owner, blogId, bytes, `held-${i}.jpg`));
  const answers = await Promise.all(held.map((upload) => upload.answerWithin(3000)));
  const refused = answers.filter((answer) => answer?.status === 429).length;
  const inProgress = held.filter((_, i) => answers[i] === null);
  for (const upload of inProgress) upload.finish();
  const finished = await Promise.all(inProgress.map((upload) => upload.answer));
  for (const upload of held) upload.abort();
  const stored = await storedCount(owner, blogId);
  return {
    name: "uploads: 40 held in progress at once by one owner",
    text: `in progress ${inProgress.length}, refused with 429 at once ${refused}, stored ${stored} once finished (limit ${uploadsAtOnce} at once)`,
    ok:
      inProgress.length === uploadsAtOnce &&
      refused === 40 - uploadsAtOnce &&
      finished.every((answer) => answer.status === 201) &&
      stored === uploadsAtOnce,
  };
}

/** Uploads one after another, past the hourly limit. */
async function uploadsInARow(app: TestApp): Promise<Figure> {
  const { owner, blogId } = await createOwnerWithBlog(app);
  const tries = uploadsPerHour + 50;
  const files = await images(tries, 3000);
  let accepted = 0;
  let refused = 0;
  const started = performance.now();
  for (const [i, bytes] of files.entries()) {
    const res = await uploadFile(owner, blogId, bytes, `row-${i}.jpg`);
    if (res.status === 201) accepted++;
    else if (res.status === 429) refused++;
  }
  const ms = performance.now() - started;
  const stored = await storedCount(owner, blogId);
  return {
    name: "uploads: one owner, one after another",
    text: `tried ${tries}, accepted ${accepted}, refused with 429 ${refused}, stored ${stored} in ${Math.round(ms / 1000)} s (limit ${uploadsPerHour} an hour)`,
    ok: accepted === uploadsPerHour && refused === tries - uploadsPerHour && stored === accepted,
  };
}

async function exportsInARow(app: TestApp): Promise<Figure> {
  const owner = await createOwner(app);
  const blog = await createBlog(owner, "Exported");
  const tries = exportsPerHour + 10;
  let accepted = 0;
  let refused = 0;
  for (let i = 0; i < tries; i++) {
    const res = await owner.get(i % 2 === 0 ? `/api/blogs/${blog.id}/export` : "/api/export");
    if (res.status === 200) accepted++;
    else if (res.status === 429) refused++;
  }
  return {
    name: "exports: one owner, one after another",
    text: `tried ${tries}, accepted ${accepted}, refused with 429 ${refused} (limit ${exportsPerHour} an hour)`,
    ok: accepted === exportsPerHour && refused === tries - exportsPerHour,
  };
}

/** Finding 8: the server's owner sends 60 at once; an invited account then tries to invite. */
async function invitationBurst(): Promise<Figure[]> {
  return withTestApp({ env: { REGISTRATION: "" } }, async (app) => {
    const owner = app.client();
    await owner.post("/auth/sign-up", { email: "first@example.com", password });
    const burst = await Promise.all(
      Array.from({ length: 60 }, () => owner.post<{ url: string }>("/api/invitations", {})),
    );
    const created = burst.filter((res) => res.status === 201);
    const refused = burst.filter((res) => res.status === 429).length;

    const link = created[0]?.body.url;
    const guest = app.client();
    const joined = await guest.post("/auth/sign-up", {
      email: "guest@example.com",
      password,
      invite: link ? new URL(link).searchParams.get("invite") : "none",
    });
    const minted = await Promise.all(
      Array.from({ length: 10 }, () => guest.post("/api/invitations", {})),
    );
    const guestCreated = minted.filter((res) => res.status === 201).length;
    const guestRefused = minted.filter((res) => res.status === 403).length;
    return [
      {
        name: "invitations: a burst of 60 from the server's owner",
        text: `created ${created.length}, refused with 429 ${refused} (limit ${invitationsPerHour} an hour; before: 60 of 60)`,
        ok: created.length === invitationsPerHour && refused === 60 - invitationsPerHour,
      },
      {
        name: "invitations: an account that came in by invitation",
        text: `signed up ${joined.status}; then created ${guestCreated} of 10 links, refused with 403 ${guestRefused} (before: 10 of 10)`,
        ok: joined.status === 201 && guestCreated === 0 && guestRefused === 10,
      },
    ];
  });
}

/** An owner with the most open links (written directly: the hourly limit spreads them out). */
async function openLinks(): Promise<Figure> {
  return withTestApp({ env: { REGISTRATION: "" } }, async (app) => {
    const [user] = await app.db.insert(users).values({ email: "owner@example.com" }).returning();
    const ownerId = (user as { id: string }).id;
    const { token } = await createSessionStore(app.db).create(ownerId);
    const owner = app.client();
    owner.cookies.set("session", token);
    const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await app.db.insert(invitations).values(
      Array.from({ length: openInvitations }, (_, i) => ({
        id: `open-${i}`,
        createdBy: ownerId,
        expiresAt,
      })),
    );
    const more = await Promise.all(
      Array.from({ length: 5 }, () => owner.post("/api/invitations", {})),
    );
    const created = more.filter((res) => res.status === 201).length;
    const refused = more.filter((res) => res.status === 409).length;
    const rows = (await app.db.select().from(invitations)).length;
    return {
      name: "invitations: an owner with the most links open",
      text: `${openInvitations} open, asked for 5 more at once: created ${created}, refused with 409 ${refused}; links stored ${rows} (limit ${openInvitations} open)`,
      ok: created === 0 && refused === 5 && rows === openInvitations,
    };
  });
}

export const limitsCheck: SecurityCheck = {
  name: "limits",
  async run() {
    const figures = await withTestApp({}, async (app) => [
      await uploadBurst(app),
      await uploadsHeld(app),
      await uploadsInARow(app),
      await exportsInARow(app),
    ]);
    return [...figures, ...(await invitationBurst()), await openLinks()];
  },
};
