import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  unlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSiteOutput, type SiteOutput } from "./site-output.ts";

let dir: string;
let output: SiteOutput;
const blogId = "blog1";

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "blogfleet-output-"));
  output = createSiteOutput(dir);
  const full = await output.beginFull(blogId);
  await full.write("index.html", "<p>first</p>");
  await full.commit();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * How many turns of the event loop `work` needs while every turn is kept busy for `busyMs`,
 * as a server answering requests keeps it: each file-system round trip awaited in sequence
 * costs one turn. (A render held back by a busy server was what the reliability check found:
 * about six turns per file written, and one per host link of every blog.)
 */
async function turnsOf(work: () => Promise<unknown>, busyMs = 25): Promise<number> {
  let turns = 0;
  let done = false;
  const spin = () => {
    if (done) return;
    turns++;
    const until = performance.now() + busyMs;
    while (performance.now() < until) {
      // busy, like a request handler
    }
    setImmediate(spin);
  };
  setImmediate(spin);
  try {
    await work();
  } finally {
    done = true;
  }
  return turns;
}

const pages = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ file: `post/p${i}/index.html`, body: `<p>${i}</p>` }));

describe("writeAll on the live folder", () => {
  it("puts every file on disk before the first becomes visible, then reveals them in order", async () => {
    const live = (await output.currentDir(blogId)) as string;
    const seen: string[] = [];
    let tempsAtFirstReveal = -1;
    output.onChange((_blog, file) => {
      if (seen.length === 0) {
        tempsAtFirstReveal = readdirSync(join(live, "post"), { recursive: true }).filter((f) =>
          String(f).endsWith(".tmp"),
        ).length;
      }
      seen.push(file as string);
    });
    const files = [...pages(5), { file: "index.html", body: "<p>second</p>" }];
    const writer = await output.beginIncremental(blogId);
    await writer.writeAll(files);

    expect(seen).toEqual(files.map((f) => f.file));
    // When the first file was renamed into place, the other four posts waited as temp files.
    expect(tempsAtFirstReveal).toBe(4);
    expect(readFileSync(join(live, "index.html"), "utf8")).toBe("<p>second</p>");
    expect(readFileSync(join(live, "post/p3/index.html"), "utf8")).toBe("<p>3</p>");
    const leftovers = readdirSync(live, { recursive: true }).filter((f) =>
      String(f).endsWith(".tmp"),
    );
    expect(leftovers).toEqual([]);
  });

  it("takes a few turns of a busy event loop, not several per file", async () => {
    const writer = await output.beginIncremental(blogId);
    const turns = await turnsOf(() => writer.writeAll(pages(20)));
    // One write at a time took about 120 turns here (mkdir, open, write, sync, close, rename).
    expect(turns).toBeLessThanOrEqual(30);
  });

  it("reveals nothing and leaves no temp file when one of the files cannot be written", async () => {
    const live = (await output.currentDir(blogId)) as string;
    const writer = await output.beginIncremental(blogId);
    // index.html is a file, so nothing can be written beneath it.
    await expect(
      writer.writeAll([
        { file: "post/ok/index.html", body: "<p>ok</p>" },
        { file: "index.html/broken.html", body: "<p>no</p>" },
      ]),
    ).rejects.toThrow();
    expect(existsSync(join(live, "post/ok/index.html"))).toBe(false);
    expect(
      readdirSync(live, { recursive: true }).filter((f) => String(f).endsWith(".tmp")),
    ).toEqual([]);
  });

  it("announces each file once it is stored, in the order given", async () => {
    const live = (await output.currentDir(blogId)) as string;
    const events: string[] = [];
    output.onChange((_blog, file) => {
      // Announced only once the file is on disk: readers are never given a page storage lacks.
      const onDisk = file === "index.html" ? readFileSync(join(live, file), "utf8") : "";
      events.push(`stored ${file} ${onDisk}`.trim());
    });
    const writer = await output.beginIncremental(blogId);
    await writer.writeAll([
      { file: "post/new.html", body: "<p>new</p>" },
      { file: "index.html", body: "<p>second</p>" },
    ]);
    expect(events).toEqual(["stored post/new.html", "stored index.html <p>second</p>"]);
  });

  it("refuses a file outside the build", async () => {
    const writer = await output.beginIncremental(blogId);
    await expect(writer.writeAll([{ file: "../escape.html", body: "x" }])).rejects.toThrow(
      /outside the build/,
    );
  });
});

describe("writeAll on a new build", () => {
  it("writes every file; they go live at commit", async () => {
    const writer = await output.beginFull(blogId);
    await writer.writeAll([...pages(40), { file: "index.html", body: "<p>third</p>" }]);
    expect(readFileSync(join(dir, "blogs", blogId, "current", "index.html"), "utf8")).toBe(
      "<p>first</p>",
    );
    await writer.commit();
    const live = (await output.currentDir(blogId)) as string;
    expect(readFileSync(join(live, "index.html"), "utf8")).toBe("<p>third</p>");
    expect(readFileSync(join(live, "post/p39/index.html"), "utf8")).toBe("<p>39</p>");
  });
});

describe("setHosts", () => {
  const hostsDir = () => join(dir, "hosts");
  const target = join("..", "blogs", blogId, "current");

  /** Links of many other blogs, as on a server that hosts them. */
  function otherBlogsLinks(n: number) {
    mkdirSync(hostsDir(), { recursive: true });
    for (let i = 0; i < n; i++) {
      symlinkSync(join("..", "blogs", `other${i}`, "current"), join(hostsDir(), `other${i}.test`));
    }
  }

  it("links the blog's hosts, removes a host it no longer has, leaves other blogs' links", async () => {
    otherBlogsLinks(3);
    await output.setHosts(blogId, ["a.blogs.test", "a.example.com"]);
    expect(readlinkSync(join(hostsDir(), "a.blogs.test"))).toBe(target);
    expect(readlinkSync(join(hostsDir(), "a.example.com"))).toBe(target);

    await output.setHosts(blogId, ["b.blogs.test"]);
    expect(readlinkSync(join(hostsDir(), "b.blogs.test"))).toBe(target);
    expect(existsSync(join(hostsDir(), "a.blogs.test"))).toBe(false);
    expect(existsSync(join(hostsDir(), "a.example.com"))).toBe(false);
    expect(readdirSync(hostsDir()).filter((n) => n.startsWith("other"))).toHaveLength(3);
  });

  it("puts back a link that disappeared, even when the hosts did not change", async () => {
    await output.setHosts(blogId, ["a.blogs.test"]);
    unlinkSync(join(hostsDir(), "a.blogs.test"));
    await output.setHosts(blogId, ["a.blogs.test"]);
    expect(readlinkSync(join(hostsDir(), "a.blogs.test"))).toBe(target);
  });

  it("finds stale links left by an earlier process", async () => {
    mkdirSync(hostsDir(), { recursive: true });
    symlinkSync(target, join(hostsDir(), "old.blogs.test"));
    await createSiteOutput(dir).setHosts(blogId, ["new.blogs.test"]);
    expect(existsSync(join(hostsDir(), "old.blogs.test"))).toBe(false);
    expect(readlinkSync(join(hostsDir(), "new.blogs.test"))).toBe(target);
  });

  it("does not read every other blog's link on each render", async () => {
    otherBlogsLinks(300);
    await output.setHosts(blogId, ["a.blogs.test"]);
    const turns = await turnsOf(() => output.setHosts(blogId, ["a.blogs.test"]));
    // Reading the 300 links one by one took over 300 turns.
    expect(turns).toBeLessThanOrEqual(5);
  });

  it("removeBlog removes the blog's links and files", async () => {
    await output.setHosts(blogId, ["a.blogs.test"]);
    await output.removeBlog(blogId);
    expect(existsSync(join(hostsDir(), "a.blogs.test"))).toBe(false);
    expect(existsSync(join(dir, "blogs", blogId))).toBe(false);
  });
});

describe("removeStale", () => {
  it("removes from the live folder every file the new site does not have, and says so", async () => {
    const live = await output.beginIncremental(blogId);
    await live.writeAll([
      { file: "post/kept.html", body: "kept" },
      { file: "post/taken-down.html", body: "gone" },
      { file: "page/4.html", body: "old archive" },
    ]);
    const announced: (string | undefined)[] = [];
    output.onChange((_blog, file) => announced.push(file));
    const removed = await output.removeStale(blogId, new Set(["index.html", "post/kept.html"]));
    expect(removed).toBe(2);
    const current = (await output.currentDir(blogId)) as string;
    expect(existsSync(join(current, "post", "kept.html"))).toBe(true);
    expect(existsSync(join(current, "index.html"))).toBe(true);
    expect(existsSync(join(current, "post", "taken-down.html"))).toBe(false);
    expect(existsSync(join(current, "page", "4.html"))).toBe(false);
    expect(announced.sort()).toEqual(["page/4.html", "post/taken-down.html"]);
    // A blog never rendered has nothing to remove.
    expect(await output.removeStale("other", new Set())).toBe(0);
  });
});
