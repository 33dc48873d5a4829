/**
 * Issue 17: upload → every variant stored (the upload answers once AVIF, WebP and the fallback
 * are all written), p50/p95 for a 12-megapixel JPEG; and the bytes a 390 px phone downloads
 * for a post page with three images (HTML + CSS + fonts + images), measured in Chromium.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { createApp } from "../../api/app.ts";
import { TestClient } from "../../api/test/harness.ts";
import { makeImage, uploadFile } from "../../api/test/images.ts";
import type { MediaItem } from "../../contracts/media.ts";
import { median, percentile } from "./fixtures.ts";
import { benchPublishing, listenOnLoopback } from "./server.ts";

const samples = Number(process.env.BENCH_MEDIA_SAMPLES ?? 8);
const chromePath =
  process.env.CHROMIUM_PATH ??
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ??
  "/usr/bin/chromium";
const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-media-"));
const round = (ms: number) => Math.round(ms);

try {
  const { env, handle, logger, publishing } = await benchPublishing(dir);
  const app = createApp({ env, db: handle.db, logger, publishing });
  const { server, base } = await listenOnLoopback(app, publishing);
  const owner = new TestClient(base, base);
  const signUp = await owner.post("/auth/sign-up", {
    email: "bench-media@example.com",
    password: "correct horse battery",
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
  const blog = (await owner.post("/api/blogs", { name: "Harbour Photos" })).body as {
    id: string;
    slug: string;
  };

  // Upload → all variants ready, one 12 MP JPEG at a time (distinct bytes each).
  const times: number[] = [];
  const items: MediaItem[] = [];
  let bytesIn = 0;
  for (let i = 0; i < samples; i++) {
    const photo = await makeImage({
      width: 4000,
      height: 3000,
      seed: 1000 + i,
      quality: 88,
      noise: 12,
    });
    bytesIn = photo.length;
    const started = performance.now();
    const res = await uploadFile(owner, blog.id, photo, `harbour-${i}.jpg`, "image/jpeg");
    times.push(performance.now() - started);
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.text}`);
    items.push(res.body);
  }
  const first = items[0] as MediaItem;
  console.log(
    JSON.stringify({
      bench: "media upload → all variants ready (12 MP JPEG, 4000×3000)",
      samples,
      uploadKb: Math.round(bytesIn / 1024),
      variants: first.variants.length,
      storedKb: Math.round(first.storedBytes / 1024),
      p50Ms: round(median(times)),
      p95Ms: round(percentile(times, 95)),
      maxMs: round(Math.max(...times)),
    }),
  );

  // A post with three images: the feature image and two in the text.
  for (const item of items.slice(0, 3)) {
    await owner.patch(`/api/blogs/${blog.id}/media/${item.id}`, {
      alt: `Harbour ${item.fileName}`,
    });
  }
  const [feature, second, third] = items as [MediaItem, MediaItem, MediaItem];
  const paragraph =
    "<p>The tide turns slowly at the harbour wall, and the boats swing on their moorings as the light goes.</p>";
  const post = (
    await owner.post("/api/posts", {
      blogId: blog.id,
      title: "A night at the harbour",
      content: `${paragraph.repeat(4)}<img src="${second.src}" alt="Boats">${paragraph.repeat(6)}<img src="${third.src}" alt="Lighthouse">${paragraph.repeat(3)}`,
      featureImageId: feature.id,
    })
  ).body as { id: string; slug: string };
  for (const status of ["under_review", "published"]) {
    const res = await owner.patch(`/api/posts/${post.id}/status`, { status });
    if (res.status !== 200) throw new Error(`publish answered ${res.status}: ${res.text}`);
  }
  await publishing.queue.onIdle();

  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    for (const dpr of [3, 2]) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: dpr,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const byKind: Record<string, number> = { html: 0, css: 0, font: 0, image: 0, other: 0 };
      const images: string[] = [];
      page.on("requestfinished", async (request) => {
        const sizes = await request.sizes();
        const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
        const type = request.resourceType();
        const kind =
          type === "document"
            ? "html"
            : type === "stylesheet"
              ? "css"
              : type === "font"
                ? "font"
                : type === "image"
                  ? "image"
                  : "other";
        byKind[kind] = (byKind[kind] ?? 0) + bytes;
        if (kind === "image") images.push(new URL(request.url()).pathname.split("/").pop() ?? "");
      });
      await page.goto(`${base}/blog/${blog.slug}/post/${post.slug}`, { waitUntil: "load" });
      // A reader scrolls to the end: the lazy images load too.
      for (let y = 0; y < 20; y++) {
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(100);
      }
      await page.waitForLoadState("networkidle");
      const total = Object.values(byKind).reduce((a, b) => a + b, 0);
      console.log(
        JSON.stringify({
          bench: "post page with three images on a 390 px phone (HTML + CSS + fonts + images)",
          devicePixelRatio: dpr,
          totalKb: Math.round(total / 1024),
          kb: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, Math.round(v / 1024)])),
          images,
        }),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  server.closeAllConnections();
  server.close();
  await publishing.queue.stop();
  handle.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
