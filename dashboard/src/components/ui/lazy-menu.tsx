import {
  type ComponentType,
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  useEffect,
  useState,
} from "react";

/** What every menu loaded by `lazyMenu` takes besides its own props. */
export type LazyMenuProps = {
  /** The button the menu opens from, passed to `DropdownMenuTrigger asChild`. */
  trigger: ReactElement<TriggerProps>;
  /** Open at once: the owner pressed the stand-in before the menu's code was there. */
  defaultOpen?: boolean;
  /** Focus the trigger once mounted: the stand-in had focus when it was replaced. */
  focusTrigger?: boolean;
};

type TriggerProps = {
  disabled?: boolean;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
};

type Intent = { open: boolean; focus: boolean };

/**
 * A dropdown menu whose code (Radix Menu, Floating UI, focus and scroll locks: about 20 KB
 * compressed) loads when the owner reaches for it, not with the first screen (issue 20,
 * decision 172). Until then its trigger is shown as it is, with the attributes Radix gives a
 * closed menu's trigger; pointing at it or focusing it loads the menu, which then takes its
 * place (keeping focus); pressing it (pointer down, Enter, Space, Arrow Down) opens the menu
 * as soon as it is there. Once loaded, every menu made by the same `load` renders at once.
 */
export function lazyMenu<P extends LazyMenuProps>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const start = () => {
    loading ??= load().then(
      (menu) => {
        loaded = menu;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  function LazyMenu(props: P) {
    const [intent, setIntent] = useState<Intent | null>(null);
    const [, setLoaded] = useState(false);

    useEffect(() => {
      if (!intent || loaded) return;
      let live = true;
      start().then(
        () => live && setLoaded(true),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [intent]);

    if (loaded) {
      const Menu = loaded;
      return (
        <Menu
          {...props}
          defaultOpen={intent?.open || props.defaultOpen}
          focusTrigger={intent?.focus ?? false}
        />
      );
    }

    const own = props.trigger.props;
    const want = (next: Partial<Intent>) =>
      setIntent((now) => ({ open: now?.open ?? false, focus: now?.focus ?? false, ...next }));
    return cloneElement(props.trigger, {
      "aria-haspopup": "menu",
      "aria-expanded": false,
      "data-state": "closed",
      onPointerEnter: (event: PointerEvent<HTMLElement>) => {
        own.onPointerEnter?.(event);
        want({});
      },
      onFocus: (event: FocusEvent<HTMLElement>) => {
        own.onFocus?.(event);
        want({ focus: true });
      },
      // As Radix's trigger: the primary button opens the menu on pointer down, without focus.
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        own.onPointerDown?.(event);
        if (own.disabled || event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        want({ open: true });
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        own.onKeyDown?.(event);
        if (own.disabled || !["Enter", " ", "ArrowDown"].includes(event.key)) return;
        event.preventDefault();
        want({ open: true, focus: true });
      },
    } as Partial<TriggerProps>);
  }
  return LazyMenu;
}
