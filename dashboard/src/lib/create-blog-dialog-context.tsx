import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";

type CreateBlogDialogState = {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** What had focus when the dialog was asked for; focus goes back there when it closes. */
  openedFrom: RefObject<HTMLElement | null>;
};

const CreateBlogDialogContext = createContext<CreateBlogDialogState | null>(null);

/**
 * One create-blog dialog for the whole shell: the header opens it, and so can any screen's
 * empty state, without screens importing the blog switcher.
 */
export function CreateBlogDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpenState] = useState(false);
  const openedFrom = useRef<HTMLElement | null>(null);
  const setOpen = useCallback((next: boolean) => {
    if (next && document.activeElement instanceof HTMLElement) {
      openedFrom.current = document.activeElement;
    }
    setOpenState(next);
  }, []);
  const value = useMemo(() => ({ open, setOpen, openedFrom }), [open, setOpen]);
  return (
    <CreateBlogDialogContext.Provider value={value}>{children}</CreateBlogDialogContext.Provider>
  );
}

export function useCreateBlogDialog(): CreateBlogDialogState {
  const value = useContext(CreateBlogDialogContext);
  if (!value) throw new Error("useCreateBlogDialog must be used inside <CreateBlogDialogProvider>");
  return value;
}
