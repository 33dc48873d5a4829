import { readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaItem } from "../../../contracts/media.ts";
import { createOwnerWithBlog, createPost, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { makeImage, uploadFile } from "../../test/images.ts";
import { rawGet } from "../../test/raw-http.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publishing: true });
});
afterAll(() => app.close());

/** Every file stored under the media folder of the blog. */
const storedFiles = (blogId: string) => {
  try {
    return readdirSync(join(app.env.SITES_DIR, "media", blogId));
  } catch {
    return [];
  }
};

const fetchFile = (path: string, host?: string) =>
  fetch(`${app.baseUrl}${path}`, host ? { headers: { host } } : {});

describe("uploading images", () => {
  it("stores AVIF, WebP and a fallback at a few widths, with the size recorded", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const bytes = await makeImage({ width: 2000, height: 1000 });
    const res = await uploadFile(owner, blogId, bytes, "harbour-at-dawn.jpg", "image/jpeg");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      fileName: "harbour-at-dawn.jpg",
      format: "jpeg",
      width: 1600,
      height: 800,
      alt: "",
    });
    const formats = res.body.variants.map((v) => `${v.format}@${v.width}`).sort();
    expect(formats).toEqual(
      [
        "avif@1600",
        "avif@480",
        "avif@960",
        "jpeg@1600",
        "webp@1600",
        "webp@480",
        "webp@960",
      ].sort(),
    );
    expect(storedFiles(blogId).sort()).toEqual(res.body.variants.map((v) => v.file).sort());
    for (const variant of res.body.variants) {
      const meta = await sharp(
        Buffer.from(await (await fetchFile(`/media/${variant.file}`)).arrayBuffer()),
      ).metadata();
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe(variant.height);
      expect(meta.format).toBe(variant.format === "avif" ? "heif" : variant.format);
    }
  });

  it("stores the same bytes once", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const bytes = await makeImage({ width: 300, height: 200, format: "png" });
    const first = await uploadFile(owner, blogId, bytes, "a.png");
    const again = await uploadFile(owner, blogId, bytes, "b.png");
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect((await owner.get(`/api/blogs/${blogId}/media`)).body).toHaveLength(1);
  });

  it("strips EXIF and GPS data and turns the picture upright", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const bytes = await makeImage({ width: 600, height: 400, exif: true, orientation: 6 });
    const original = await sharp(bytes).metadata();
    expect(original.exif).toBeDefined();
    expect(original.orientation).toBe(6);
    const res = await uploadFile(owner, blogId, bytes, "trip.jpg");
    expect(res.status).toBe(201);
    // Orientation 6 is a quarter turn: the stored picture is 400 wide, 600 high.
    expect([res.body.width, res.body.height]).toEqual([400, 600]);
    for (const variant of res.body.variants) {
      const file = Buffer.from(await (await fetchFile(`/media/${variant.file}`)).arrayBuffer());
      const meta = await sharp(file).metadata();
      expect(meta.exif, variant.file).toBeUndefined();
      expect(meta.xmp, variant.file).toBeUndefined();
      expect(meta.orientation ?? 1, variant.file).toBe(1);
      expect(file.includes("TestCam"), variant.file).toBe(false);
    }
  });

  it("serves files with immutable cache headers on the blog's host and on the app's", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const blog = (await owner.get(`/api/blogs/${blogId}`)).body;
    const res = await uploadFile(owner, blogId, await makeImage({ width: 500 }), "x.jpg");
    const webp = res.body.variants.find((v) => v.format === "webp") as MediaItem["variants"][0];
    const onApp = await fetchFile(`/media/${webp.file}`);
    expect(onApp.status).toBe(200);
    expect(onApp.headers.get("content-type")).toBe("image/webp");
    expect(onApp.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const onPath = await fetchFile(`/blog/${blog.slug}/media/${webp.file}`);
    expect(onPath.status).toBe(200);
    expect(onPath.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Another blog's path does not serve it.
    const other = await createOwnerWithBlog(app);
    const otherBlog = (await other.owner.get(`/api/blogs/${other.blogId}`)).body;
    expect((await fetchFile(`/blog/${otherBlog.slug}/media/${webp.file}`)).status).toBe(404);
    expect((await fetchFile("/media/0123456789abcdef0123456789abcdef-480.webp")).status).toBe(404);
  });
});

describe("refusing files", () => {
  const refuse = async (
    owner: TestClient,
    blogId: string,
    bytes: Uint8Array,
    name: string,
    status = 400,
  ) => {
    const res = await uploadFile(owner, blogId, bytes, name);
    expect(res.status, res.text).toBe(status);
    expect(storedFiles(blogId)).toEqual([]);
    expect((await owner.get(`/api/blogs/${blogId}/media`)).body).toEqual([]);
    return res.body;
  };

  it("refuses what is not an accepted image, whatever its name", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const html = await refuse(
      owner,
      blogId,
      Buffer.from("<html><script>x</script></html>"),
      "a.jpg",
    );
    expect(html.message).toMatch(/not an image Blogfleet accepts/);
    const svg = await refuse(
      owner,
      blogId,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "logo.svg",
    );
    expect(svg.message).toMatch(/SVG files are not accepted/);
    const tiff = await makeImage({ width: 20, height: 20 }).then((b) => sharp(b).tiff().toBuffer());
    await refuse(owner, blogId, tiff, "scan.tiff");
    await refuse(owner, blogId, Buffer.alloc(0), "empty.png");
  });

  it("sniffs the type from the bytes: a name that says otherwise is refused", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const png = await makeImage({ width: 40, height: 40, format: "png" });
    const body = await refuse(owner, blogId, png, "photo.jpg");
    expect(body.message).toMatch(/name says \.jpg but the file is a PNG image/);
    const html = await refuse(owner, blogId, png, "page.html");
    expect(html.message).toMatch(/name says \.html/);
  });

  it("refuses polyglots: data after the image's end, or markup inside it", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    for (const format of ["jpeg", "png", "gif", "webp", "avif"] as const) {
      const image = await makeImage({ width: 32, height: 32, format });
      const zip = Buffer.concat([
        image,
        Buffer.from("PK\u0003\u0004 payload.php <?php echo 1; ?>"),
      ]);
      const body = await refuse(owner, blogId, zip, `x.${format === "jpeg" ? "jpg" : format}`);
      expect(body.message, format).toMatch(/data after the end of the/);
    }
    // A JPEG comment carrying a script: a GIFAR/JPEG-HTML polyglot's trick.
    const jpeg = await makeImage({ width: 32, height: 32 });
    const comment = Buffer.from("<script>alert(document.cookie)</script>");
    const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    const withComment = Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
    const body = await refuse(owner, blogId, withComment, "x.jpg");
    expect(body.message).toMatch(/markup or script/);
  });

  it("refuses a decompression bomb and huge dimensions with a clear 400", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    // 10,000 × 10,000 pixels of one colour: a few hundred kB of PNG, 400 MB once decoded.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: "#fff" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2_000_000);
    const body = await refuse(owner, blogId, bomb, "bomb.png");
    expect(body.message).toMatch(/100 megapixels; at most 50 megapixels/);
    const wide = await sharp({
      create: { width: 20_000, height: 10, channels: 3, background: "#000" },
    })
      .png()
      .toBuffer();
    const wideBody = await refuse(owner, blogId, wide, "wide.png");
    expect(wideBody.message).toMatch(/20000×10 pixels; each side may be at most 16,000/);
  });

  it("refuses a file over the size limit without reading it", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const body = await refuse(owner, blogId, Buffer.alloc(21 * 1024 * 1024, 1), "big.jpg", 413);
    expect(body.message).toMatch(/uploads may be at most 20 MB/);
  });

  it("answers 404 for another owner's blog and stores nothing there", async () => {
    const { blogId } = await createOwnerWithBlog(app);
    const stranger = await createOwnerWithBlog(app);
    const res = await uploadFile(stranger.owner, blogId, await makeImage({ width: 50 }), "a.jpg");
    expect(res.status).toBe(404);
    expect(storedFiles(blogId)).toEqual([]);
    expect((await stranger.owner.get(`/api/blogs/${blogId}/media`)).status).toBe(404);
  });
});

describe("deleting the blog", () => {
  it("removes its media files with it, and no other blog's", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const other = await createOwnerWithBlog(app);
    await uploadFile(owner, blogId, await makeImage({ width: 64 }), "gone.jpg");
    await uploadFile(other.owner, other.blogId, await makeImage({ width: 66 }), "kept.jpg");
    expect(storedFiles(blogId).length).toBeGreaterThan(0);
    expect((await owner.delete(`/api/blogs/${blogId}`)).status).toBe(204);
    expect(storedFiles(blogId)).toEqual([]);
    expect(storedFiles(other.blogId).length).toBeGreaterThan(0);
  });
});

describe("the library", () => {
  it("searches by name and alt text, updates alt text, and says where an image is used", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const a = (await uploadFile(owner, blogId, await makeImage({ width: 64 }), "red-boat.jpg"))
      .body;
    const b = (
      await uploadFile(owner, blogId, await makeImage({ width: 65, format: "png" }), "x.png")
    ).body;
    const patched = await owner.patch(`/api/blogs/${blogId}/media/${b.id}`, {
      alt: "A lighthouse at night",
    });
    expect(patched.status).toBe(200);
    expect(patched.body.alt).toBe("A lighthouse at night");
    const byName = await owner.get(`/api/blogs/${blogId}/media?q=boat`);
    expect(byName.body.map((m: MediaItem) => m.id)).toEqual([a.id]);
    const byAlt = await owner.get(`/api/blogs/${blogId}/media?q=LIGHTHOUSE`);
    expect(byAlt.body.map((m: MediaItem) => m.id)).toEqual([b.id]);

    const post = await createPost(owner, blogId, {
      title: "Boats",
      content: `<p>Look:</p><img src="${a.src}" alt="A red boat">`,
      featureImageId: b.id,
    });
    expect(post.featureImageId).toBe(b.id);
    const item = (await owner.get(`/api/blogs/${blogId}/media/${a.id}`)).body;
    expect(item.usage).toEqual({
      logo: false,
      posts: [{ id: post.id, title: "Boats", status: "draft", as: "content" }],
    });
    const deleteUsed = await owner.delete(`/api/blogs/${blogId}/media/${b.id}`);
    expect(deleteUsed.status).toBe(409);
    expect(deleteUsed.body.message).toMatch(/still used: “Boats” \(feature image\)/);
    expect((await owner.patch(`/api/posts/${post.id}`, { featureImageId: null })).status).toBe(200);
    expect((await owner.delete(`/api/blogs/${blogId}/media/${b.id}`)).status).toBe(204);
    expect(
      storedFiles(blogId).some((f) => f.startsWith(b.variants[0]?.file.slice(0, 32) ?? "-")),
    ).toBe(false);
  });

  it("answers 404 for another owner's image, and refuses it as a feature image", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const item = (await uploadFile(owner, blogId, await makeImage({ width: 70 }), "a.jpg")).body;
    const stranger = await createOwnerWithBlog(app);
    for (const res of [
      await stranger.owner.get(`/api/blogs/${blogId}/media/${item.id}`),
      await stranger.owner.patch(`/api/blogs/${blogId}/media/${item.id}`, { alt: "x" }),
      await stranger.owner.delete(`/api/blogs/${blogId}/media/${item.id}`),
      await stranger.owner.get(`/api/blogs/${stranger.blogId}/media/${item.id}`),
      await stranger.owner.post("/api/posts", {
        blogId: stranger.blogId,
        title: "Mine",
        featureImageId: item.id,
      }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await owner.get(`/api/blogs/${blogId}/media/${item.id}`)).body.alt).toBe("");
  });
});

describe("alt text before publishing", () => {
  it("refuses to publish a post whose images lack alt text, naming each", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const feature = (await uploadFile(owner, blogId, await makeImage({ width: 80 }), "cover.jpg"))
      .body;
    const inline = (await uploadFile(owner, blogId, await makeImage({ width: 81 }), "chart.jpg"))
      .body;
    const post = await createPost(owner, blogId, {
      content: `<p>x</p><img src="${inline.src}"><img src="https://cdn.example.com/far.png" alt="">`,
      featureImageId: feature.id,
    });
    await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
    const refused = await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Add alt text to every image before publishing. Missing: the feature image (cover.jpg), chart.jpg, far.png.",
    );
    // Alt text in the library counts for the library's images; the others need it in the text.
    await owner.patch(`/api/blogs/${blogId}/media/${feature.id}`, { alt: "A cover" });
    await owner.patch(`/api/blogs/${blogId}/media/${inline.id}`, { alt: "A chart" });
    const still = await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    expect(still.body.message).toMatch(/Missing: far\.png\.$/);
    await owner.patch(`/api/posts/${post.id}`, {
      content: `<p>x</p><img src="${inline.src}"><img src="https://cdn.example.com/far.png" alt="Far away">`,
    });
    const ok = await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    expect(ok.status).toBe(200);
  });

  it("publishes posts without images as before", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const post = await createPublishedPost(owner, blogId);
    expect(post.status).toBe("published");
  });
});

describe("images on the blog", () => {
  it("renders feature and content images as responsive pictures, og:image included", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const subdomain = `pics${Date.now().toString(36)}`;
    expect((await owner.patch(`/api/blogs/${blogId}/domain`, { subdomain })).status).toBe(200);
    const feature = (
      await uploadFile(owner, blogId, await makeImage({ width: 1200, height: 800 }), "cover.jpg")
    ).body;
    const inline = (
      await uploadFile(owner, blogId, await makeImage({ width: 700, height: 500 }), "chart.jpg")
    ).body;
    await owner.patch(`/api/blogs/${blogId}/media/${feature.id}`, { alt: "A harbour at dawn" });
    const post = await createPublishedPost(owner, blogId, {
      title: "Harbour",
      content: `<p>Intro</p><img src="${inline.src}" alt="Tide chart"><p>More</p><img src="https://cdn.example.com/x.png" alt="Remote">`,
      featureImageId: feature.id,
    });
    const host = `${subdomain}.localhost`;
    await app.publishing?.queue.onIdle();
    const page = await rawGet(app.baseUrl, `/post/${post.slug}`, { host });
    expect(page.status).toBe(200);
    const pictures = [...page.body.matchAll(/<picture[^>]*>.*?<\/picture>/gs)].map((m) => m[0]);
    expect(pictures).toHaveLength(2);
    const [hero, body] = pictures as [string, string];
    const webp960 = feature.variants.find((v) => v.format === "webp" && v.width === 960)?.file;
    expect(hero).toContain(
      `<source type="image/avif" srcset="../media/${feature.variants.find((v) => v.format === "avif" && v.width === 480)?.file} 480w`,
    );
    expect(hero).toContain(`../media/${webp960} 960w`);
    expect(hero).toMatch(/sizes="\(min-width: 48rem\) 42\.5rem/);
    expect(hero).toMatch(
      /<img src="\.\.\/media\/[0-9a-f]{32}-1200\.jpg" alt="A harbour at dawn" width="1200" height="800" loading="eager" fetchpriority="high"/,
    );
    expect(body).toMatch(/alt="Tide chart" width="700" height="500" loading="lazy"/);
    expect(page.body).toContain(
      '<img loading="lazy" src="https://cdn.example.com/x.png" alt="Remote"',
    );
    const og = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1];
    expect(og).toMatch(/\/media\/[0-9a-f]{32}-1200\.jpg$/);
    expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(page.body).toMatch(/"image":"[^"]+-1200\.jpg"/);
    // The picture's files are served on the blog's host.
    const file = await rawGet(app.baseUrl, `/media/${webp960}`, { host });
    expect(file.status).toBe(200);
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // The home page's card shows the feature image, loaded first.
    const home = await rawGet(app.baseUrl, "/", { host });
    expect(home.body).toMatch(
      /<a class="card-image"[^>]*><picture><source type="image\/avif" srcset="\.\/media\//,
    );
    expect(home.body).toContain('fetchpriority="high"');
  });
});

describe("an uploaded logo", () => {
  it("is drawn on the blog's social cards, which are made again with it", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const blog = (await owner.get(`/api/blogs/${blogId}`)).body;
    await createPublishedPost(owner, blogId, { title: "Hello" });
    await app.publishing?.queue.onIdle();
    const homeCard = async () => {
      const html = await (await fetchFile(`/blog/${blog.slug}/`)).text();
      const url = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      expect(url).toMatch(/\/og\/[0-9a-f]{16}\.png$/);
      const path = new URL(url as string).pathname;
      const res = await fetchFile(path);
      expect(res.status).toBe(200);
      return { path, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const before = await homeCard();
    const logo = (
      await uploadFile(
        owner,
        blogId,
        await makeImage({ width: 200, height: 200, format: "png" }),
        "mark.png",
      )
    ).body;
    await owner.patch(`/api/blogs/${blogId}/customization`, { logoMediaId: logo.id });
    await app.publishing?.queue.onIdle();
    const after = await homeCard();
    // Only the logo changed in the card's look: different bytes mean it was drawn.
    expect(after.path).not.toBe(before.path);
    expect(after.bytes.equals(before.bytes)).toBe(false);
    expect((await sharp(after.bytes).metadata()).width).toBe(1200);
  });

  it("is set from the library, shown on the blog, counted as used, and refused from another blog", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const logo = (
      await uploadFile(
        owner,
        blogId,
        await makeImage({ width: 256, height: 256, format: "png" }),
        "logo.png",
      )
    ).body;
    const set = await owner.patch(`/api/blogs/${blogId}/customization`, { logoMediaId: logo.id });
    expect(set.status).toBe(200);
    expect(set.body.logoMediaId).toBe(logo.id);
    const item = (await owner.get(`/api/blogs/${blogId}/media/${logo.id}`)).body;
    expect(item.usage).toEqual({ logo: true, posts: [] });
    expect((await owner.delete(`/api/blogs/${blogId}/media/${logo.id}`)).body.message).toMatch(
      /still used: the blog's logo/,
    );
    const blog = (await owner.get(`/api/blogs/${blogId}`)).body;
    await createPublishedPost(owner, blogId, { title: "Hello" });
    await app.publishing?.queue.onIdle();
    const home = await fetchFile(`/blog/${blog.slug}/`);
    const html = await home.text();
    expect(html).toMatch(
      /<img class="logo" src="\.\/media\/[0-9a-f]{32}-256\.webp" alt="" width="56" height="56"/,
    );
    expect(html).toMatch(
      /"logo":\{"@type":"ImageObject","url":"[^"]+\/media\/[0-9a-f]{32}-256\.jpg"/,
    );

    const other = await createOwnerWithBlog(app);
    const refused = await other.owner.patch(`/api/blogs/${other.blogId}/customization`, {
      logoMediaId: logo.id,
    });
    expect(refused.status).toBe(404);
    const cleared = await owner.patch(`/api/blogs/${blogId}/customization`, { logoMediaId: null });
    expect(cleared.body.logoMediaId).toBeNull();
  });
});
