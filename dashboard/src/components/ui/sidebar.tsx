import { PanelLeftIcon } from "lucide-react";
import * as Slot from "radix-ui/slot";
import {
  type ComponentProps,
  type CSSProperties,
  cloneElement,
  createContext,
  lazy,
  type PointerEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { cn } from "../../lib/cn.ts";
import { readSidebarCookie, writeSidebarCookie } from "../../lib/sidebar-cookie.ts";
import { useIsMobile } from "../../lib/use-is-mobile.ts";
import { Button } from "./button.tsx";

/**
 * The narrow-screen panel and the collapsed sidebar's tooltips load when they can show
 * (Radix Dialog and Tooltip, with Floating UI: not part of the first screen; decision 172).
 */
const MobileSidebar = lazy(async () => ({
  default: (await import("./sidebar-mobile.tsx")).MobileSidebar,
}));
const SidebarTooltip = lazy(async () => ({
  default: (await import("./sidebar-tooltip.tsx")).SidebarTooltip,
}));

/** 16rem wide, 3rem collapsed to icons, 18rem as the narrow-screen panel. */
const sidebarWidth = "16rem";
const sidebarWidthMobile = "18rem";
const sidebarWidthIcon = "3rem";
const toggleKey = "b";

/**
 * Ctrl/Cmd+B is Bold where a person writes (the post editor, any text field): the sidebar's
 * shortcut only acts when no field has the keyboard.
 */
function isWritingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest("input, textarea, select") !== null;
}

type SidebarState = {
  state: "expanded" | "collapsed";
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
};

const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const value = useContext(SidebarContext);
  if (!value) throw new Error("useSidebar must be used inside <SidebarProvider>");
  return value;
}

export function SidebarProvider({
  defaultOpen,
  className,
  style,
  children,
  ...props
}: ComponentProps<"div"> & { defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [open, setOpenState] = useState(() => defaultOpen ?? readSidebarCookie() ?? true);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeSidebarCookie(next);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isWritingIn(event.target)) return;
      if (event.key.toLowerCase() === toggleKey && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggleSidebar]);

  // Leaving the narrow layout closes the panel, so it does not reappear later by surprise.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  const value = useMemo<SidebarState>(
    () => ({
      state: open ? "expanded" : "collapsed",
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        data-slot="sidebar-wrapper"
        style={
          {
            "--sidebar-width": sidebarWidth,
            "--sidebar-width-icon": sidebarWidthIcon,
            ...style,
          } as CSSProperties
        }
        className={cn("group/sidebar-wrapper flex min-h-svh w-full", className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

export function Sidebar({
  className,
  children,
  label = "Sidebar",
}: {
  className?: string;
  children: ReactNode;
  label?: string;
}) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <Suspense fallback={null}>
        <MobileSidebar
          open={openMobile}
          onOpenChange={setOpenMobile}
          width={sidebarWidthMobile}
          label={label}
        >
          {children}
        </MobileSidebar>
      </Suspense>
    );
  }

  return (
    <div
      className="group peer hidden text-sidebar-foreground md:block"
      data-state={state}
      data-collapsible={state === "collapsed" ? "icon" : ""}
      data-slot="sidebar"
    >
      {/* Holds the sidebar's room in the page flow; the sidebar itself is fixed. */}
      <div className="relative h-svh w-(--sidebar-width) bg-transparent transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon)" />
      <div
        className={cn(
          "fixed inset-y-0 left-0 z-10 hidden h-svh w-(--sidebar-width) border-r border-sidebar-border transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon) md:flex",
          className,
        )}
      >
        <div className="flex h-full w-full flex-col bg-sidebar">{children}</div>
      </div>
    </div>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      data-slot="sidebar-trigger"
      variant="ghost"
      size="icon"
      className={cn("size-8", className)}
      aria-label="Toggle Sidebar"
      aria-expanded={isMobile ? openMobile : open}
      aria-keyshortcuts="Control+B Meta+B"
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeftIcon aria-hidden="true" />
    </Button>
  );
}

/** The page beside the sidebar. */
export function SidebarInset({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-inset"
      className={cn("relative flex w-full min-w-0 flex-1 flex-col bg-background", className)}
      {...props}
    />
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-2 p-2", className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mt-auto flex flex-col gap-2 p-2", className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "flex min-h-0 flex-1 flex-col gap-2 overflow-auto group-data-[collapsible=icon]:overflow-hidden",
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("relative flex w-full min-w-0 flex-col p-2", className)} {...props} />;
}

export function SidebarGroupLabel({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-medium text-sidebar-foreground/80 transition-[margin,opacity] duration-200 group-data-[collapsible=icon]:-mt-8 group-data-[collapsible=icon]:opacity-0",
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<"ul">) {
  return <ul className={cn("flex w-full min-w-0 flex-col gap-1", className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<"li">) {
  return <li className={cn("group/menu-item relative", className)} {...props} />;
}

const menuButtonClasses = cn(
  "peer/menu-button flex w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm transition-[width,height,padding,background-color]",
  "hover:bg-sidebar-accent hover:text-sidebar-accent-foreground",
  "data-[active=true]:bg-sidebar-accent data-[active=true]:font-semibold data-[active=true]:text-sidebar-accent-foreground",
  "data-[state=open]:bg-sidebar-accent disabled:pointer-events-none disabled:opacity-60",
  "group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:p-2!",
  "[&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0",
  "outline-none focus-visible:ring-2 focus-visible:ring-sidebar-ring",
);

export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  size = "default",
  tooltip,
  className,
  ...props
}: ComponentProps<"button"> & {
  asChild?: boolean;
  isActive?: boolean;
  size?: "default" | "lg";
  tooltip?: string;
}) {
  const Comp = asChild ? Slot.Root : "button";
  const { isMobile, state } = useSidebar();
  const [pointerOn, setPointerOn] = useState(false);
  const button = (
    <Comp
      data-slot="sidebar-menu-button"
      data-active={isActive}
      className={cn(
        menuButtonClasses,
        size === "lg" ? "h-12 group-data-[collapsible=icon]:p-0!" : "h-8",
        className,
      )}
      {...(asChild ? {} : { type: "button" })}
      {...props}
    />
  );
  // Expanded, or as the narrow-screen panel, the button shows its label: no tooltip.
  if (!tooltip || state !== "collapsed" || isMobile) return button;
  // While the tooltip's code loads, the button notes the pointer resting on it, so the
  // tooltip opens once there (no pointer move follows to open it).
  const waiting = cloneElement(button, {
    onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => {
      props.onPointerEnter?.(event);
      setPointerOn(true);
    },
    onPointerLeave: (event: PointerEvent<HTMLButtonElement>) => {
      props.onPointerLeave?.(event);
      setPointerOn(false);
    },
  });
  return (
    <Suspense fallback={waiting}>
      <SidebarTooltip label={tooltip} defaultOpen={pointerOn}>
        {button}
      </SidebarTooltip>
    </Suspense>
  );
}
