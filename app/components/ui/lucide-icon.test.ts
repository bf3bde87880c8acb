/**
 * The icon builder that replaces lucide-react's runtime in the build must give
 * the same markup as lucide's own components (server and browser both use it,
 * but the pages, their tests and their styles were written against lucide's).
 */
import { BellPlus, Check, Heart, House, Menu, X } from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon, { type IconProps } from "./lucide-icon.ts";

const ICONS = { house: House, check: Check, "bell-plus": BellPlus, heart: Heart, menu: Menu, x: X } as const;

async function ours(name: string) {
  const file = `lucide-react/dist/esm/icons/${name}.mjs`;
  const module = (await import(/* @vite-ignore */ file)) as { __iconData: Parameters<typeof createLucideIcon>[0] };
  return createLucideIcon(module.__iconData);
}

const PROPS: IconProps[] = [
  {},
  { className: "size-4" },
  { className: "size-3.5 sm:size-3", strokeWidth: 3, "aria-hidden": true },
  { "aria-hidden": "true" },
  { "aria-label": "Saved" },
  { role: "img" },
  { size: 16, color: "red", "data-state": "on" } as IconProps,
];

describe("lucide icons built by lucide-icon.ts", () => {
  for (const [name, Lucide] of Object.entries(ICONS)) {
    it(`renders ${name} as lucide-react does, with every kind of prop the pages pass`, async () => {
      const Ours = await ours(name);
      for (const props of PROPS) {
        const want = renderToStaticMarkup(createElement(Lucide as ComponentType<IconProps>, props));
        expect(renderToStaticMarkup(createElement(Ours, props)), JSON.stringify(props)).toBe(want);
      }
      const labelled = renderToStaticMarkup(createElement(Ours, null, createElement("title", null, "Home")));
      expect(labelled).toBe(renderToStaticMarkup(createElement(Lucide, null, createElement("title", null, "Home"))));
      expect(labelled).not.toContain("aria-hidden");
    });
  }

  it("keeps an alias's class (house is also lucide-home)", async () => {
    const House = await ours("house");
    expect(renderToStaticMarkup(createElement(House))).toContain('class="lucide lucide-house lucide-home"');
  });
});
