import type { Blog } from "@contracts/blogs.ts";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { useBlogs } from "./api/get-blogs.ts";
import { readStoredBlogId, resolveSelectedBlogId, writeStoredBlogId } from "./selected-blog.ts";

export type SelectedBlogState = {
  /** The owner's blogs; undefined until loaded. */
  blogs: Blog[] | undefined;
  blogsError: unknown;
  isLoadingBlogs: boolean;
  /** The blog every screen works on; null while loading, on failure, or with no blogs. */
  selectedBlog: Blog | null;
  selectBlog: (id: string) => void;
};

const SelectedBlogContext = createContext<SelectedBlogState | null>(null);

/** Holds the selected blog for the signed-in shell and keeps localStorage in step. */
export function SelectedBlogProvider({ children }: { children: ReactNode }) {
  const { data: blogs, error, isLoading } = useBlogs();
  const [chosenId, setChosenId] = useState<string | null>(() => readStoredBlogId());

  // Derived during render, so no screen ever sees a selection that is not in the list.
  const selectedId = resolveSelectedBlogId(blogs, chosenId);

  useEffect(() => {
    if (!blogs) return;
    if (selectedId !== chosenId) setChosenId(selectedId);
    writeStoredBlogId(selectedId);
  }, [blogs, selectedId, chosenId]);

  const selectBlog = useCallback((id: string) => {
    setChosenId(id);
    writeStoredBlogId(id);
  }, []);

  const value: SelectedBlogState = {
    blogs,
    blogsError: error,
    isLoadingBlogs: isLoading,
    selectedBlog: blogs?.find((blog) => blog.id === selectedId) ?? null,
    selectBlog,
  };
  return <SelectedBlogContext.Provider value={value}>{children}</SelectedBlogContext.Provider>;
}

export function useSelectedBlog(): SelectedBlogState {
  const value = useContext(SelectedBlogContext);
  if (!value) throw new Error("useSelectedBlog must be used inside <SelectedBlogProvider>");
  return value;
}
