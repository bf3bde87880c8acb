import { ChevronDown, LogOut, Menu, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { DesktopMenuDropdown } from "#app/components/layout/desktop-menu.tsx";
import { cn } from "#app/lib/utils.ts";
import { PRODUCT_NAME, PRODUCT_TAGLINE } from "#app/lib/brand.ts";

/** `account`: the signed-in user's own account page (the desktop menu shows it with who is signed in). */
export type NavItem = { to: string; label: string; account?: true };

/** Menu entries by role. The server still guards every one of these routes. */
export function navItems(viewer: Viewer | null): NavItem[] {
  const items: NavItem[] = [
    { to: "/", label: "Home" },
    { to: "/equipment", label: "Catalog" },
    { to: "/parts", label: "Parts" },
  ];
  if (viewer?.role === "seller") items.push({ to: "/seller-dashboard", label: "Seller Dashboard" });
  if (viewer?.role === "buyer") items.push({ to: "/buyer-dashboard", label: "Buyer Dashboard" });
  if (viewer?.isAdmin) {
    items.push({ to: "/admin", label: "Admin Panel" });
    items.push({ to: "/email-test", label: "Email Test" });
  }
  if (viewer) items.push({ to: "/watchlist", label: "Watchlist" });
  if (viewer?.role === "buyer") items.push({ to: "/saved-searches", label: "Saved searches" });
  if (viewer) items.push({ to: "/account", label: "Account", account: true });
  if (viewer) items.push({ to: "/feedback", label: "Feedback" });
  items.push({ to: "/contact", label: "Contact" });
  return items;
}

export function Header({ viewer, notificationSlot }: { viewer: Viewer | null; notificationSlot?: React.ReactNode }) {
  const items = navItems(viewer);
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Close the mobile panel whenever the page changes.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setMobileOpen(false);
  }

  const closeMobile = useCallback(() => setMobileOpen(false), []);

  // Escape closes the mobile panel and hands focus back to its toggle.
  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMobileOpen(false);
      toggleRef.current?.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [mobileOpen]);

  return (
    <header className="relative z-40 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85 sm:sticky sm:top-0 print:hidden">
      {/* One row at every width: the name gives way (truncates) before the buttons wrap. */}
      <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-x-2 px-3 py-2 sm:gap-x-3 sm:px-4">
        <Logo />

        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <DesktopMenu items={items} viewer={viewer} />
          {viewer ? (
            <>
              {notificationSlot}
              <SignOutButton />
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" className="max-sm:px-2.5">
                <Link to="/signin">Sign In</Link>
              </Button>
              <Button asChild size="sm" className="max-sm:px-2.5">
                <Link to="/signup">Sign Up</Link>
              </Button>
            </>
          )}
          <Button
            ref={toggleRef}
            type="button"
            variant="ghost"
            size="icon"
            className="max-md:size-9 md:hidden"
            aria-label={mobileOpen ? "Close menu" : "Open menu"}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>

      {mobileOpen ? <MobileMenu items={items} onNavigate={closeMobile} /> : null}

      {/* Before JavaScript (or without it) the menus cannot open: offer the same links plainly. */}
      <noscript>
        <nav aria-label="Main" className="border-t border-gray-200 px-3 py-2 sm:px-4">
          <ul className="mx-auto flex max-w-7xl flex-wrap gap-x-4 gap-y-1 text-sm">
            {items.map((item) => (
              <li key={item.to}>
                <a href={item.to} className="font-medium text-gray-700 underline-offset-4 hover:underline">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </noscript>
    </header>
  );
}

function Logo() {
  const [broken, setBroken] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);

  // The image may have failed before hydration attached onError.
  useEffect(() => {
    const img = imgRef.current;
    if (img?.complete && img.naturalWidth === 0) setBroken(true);
  }, []);

  return (
    <Link
      to="/"
      className="flex min-w-0 items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
    >
      {broken ? (
        <span
          aria-hidden
          className="flex size-9 shrink-0 items-center justify-center rounded-md bg-brand-700 text-sm font-bold text-white"
        >
          DE
        </span>
      ) : (
        <img
          ref={imgRef}
          src="/logo.svg"
          alt=""
          width={36}
          height={36}
          className="size-9 shrink-0"
          onError={() => setBroken(true)}
        />
      )}
      <span className="min-w-0 leading-tight">
        <span className="block truncate text-base font-bold text-gray-900">{PRODUCT_NAME}</span>
        {/* On the narrowest phones the tagline would push the header onto a second row. */}
        <span className="block text-xs text-gray-600 max-[399px]:hidden">{PRODUCT_TAGLINE}</span>
      </span>
      <span className="sr-only">, home</span>
    </Link>
  );
}

/**
 * The desktop "Menu" button. Radix's dropdown (about a quarter of the shared JS) is fetched when
 * the pointer or the focus first reaches the button, not with every page; until it arrives the
 * button looks and reads the same, and a click on it opens the menu as soon as it is there.
 */
function DesktopMenu({ items, viewer }: { items: NavItem[]; viewer: Viewer | null }) {
  const [Dropdown, setDropdown] = useState<typeof DesktopMenuDropdown | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [hadFocus, setHadFocus] = useState(false);
  const placeholderRef = useRef<HTMLButtonElement>(null);
  const loading = useRef(false);
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void import("./desktop-menu.tsx").then(
      (module) => {
        setHadFocus(document.activeElement === placeholderRef.current);
        setDropdown(() => module.DesktopMenuDropdown);
      },
      () => {
        loading.current = false; // offline: try again on the next intent
      },
    );
  };
  return (
    <nav aria-label="Main" className="hidden md:block">
      {Dropdown ? (
        <Dropdown items={items} viewer={viewer} defaultOpen={openOnLoad} takeFocus={hadFocus} />
      ) : (
        <Button
          ref={placeholderRef}
          type="button"
          variant="ghost"
          size="sm"
          aria-haspopup="menu"
          aria-expanded={false}
          onPointerEnter={load}
          onFocus={load}
          onClick={() => {
            setOpenOnLoad(true);
            load();
          }}
          onKeyDown={(event) => {
            if (event.key !== "ArrowDown") return;
            event.preventDefault();
            setOpenOnLoad(true);
            load();
          }}
        >
          Menu
          <ChevronDown aria-hidden />
        </Button>
      )}
    </nav>
  );
}

function MobileMenu({ items, onNavigate }: { items: NavItem[]; onNavigate: () => void }) {
  return (
    <nav id="mobile-menu" aria-label="Main" className="border-t border-gray-200 bg-white px-3 py-2 md:hidden">
      <ul className="grid gap-0.5">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "block rounded-md px-3 py-2.5 text-sm font-medium hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600",
                  isActive ? "bg-brand-50 text-brand-800" : "text-gray-700",
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SignOutButton() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/signout";
  return (
    <Form method="post" action="/signout">
      <Button type="submit" variant="outline" size="sm" className="max-sm:px-2.5" disabled={busy}>
        <LogOut aria-hidden className="hidden sm:block" />
        {busy ? "Signing out..." : "Logout"}
      </Button>
    </Form>
  );
}
