import { ChevronDown } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import { NavLink } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { NavItem } from "./header.tsx";

/**
 * The desktop header menu (Radix dropdown). Loaded on first intent (pointer over or focus on the
 * "Menu" button, see header.tsx) rather than with every page; takes over the focus and a click
 * that reached the placeholder button before it arrived.
 */
export function DesktopMenuDropdown({
  items,
  viewer,
  defaultOpen,
  takeFocus,
}: {
  items: NavItem[];
  viewer: Viewer | null;
  defaultOpen: boolean;
  takeFocus: boolean;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The account page sits with who is signed in; the rest of the menu follows.
  const account = items.find((item) => item.account);
  const rest = items.filter((item) => item !== account);
  const takesFocus = useRef(takeFocus && !defaultOpen); // once: when it replaces the placeholder
  useLayoutEffect(() => {
    if (takesFocus.current) triggerRef.current?.focus();
  }, []);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} type="button" variant="ghost" size="sm">
          Menu
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {viewer ? (
          <>
            <DropdownMenuLabel className="truncate font-normal!">
              Signed in as <span className="font-semibold text-gray-900">{viewer.fullName || viewer.email}</span>
            </DropdownMenuLabel>
            {account ? <MenuLink item={account} /> : null}
            <DropdownMenuSeparator />
          </>
        ) : null}
        {rest.map((item) => (
          <MenuLink key={item.to} item={item} />
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MenuLink({ item }: { item: NavItem }) {
  return (
    <DropdownMenuItem asChild>
      <NavLink to={item.to} end className="aria-[current=page]:font-semibold aria-[current=page]:text-brand-800">
        {item.label}
      </NavLink>
    </DropdownMenuItem>
  );
}
