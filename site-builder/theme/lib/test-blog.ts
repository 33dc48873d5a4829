import type { ThemeBlog } from "./site.ts";

/** A blog for the theme's and the pipeline's tests (what a snapshot holds), with `over` on top. */
export const testBlog = (over: Partial<ThemeBlog> = {}): ThemeBlog => ({
  id: "b",
  name: "Garden",
  description: "",
  slug: "garden",
  primaryColor: "#df7020",
  fontFamily: "Inter",
  logoUrl: null,
  author: { name: "Ada", slug: "ada", bio: null },
  aiDisclosure: false,
  ...over,
});
