import { createElement, createRef } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { Button } from "./button.tsx";
import { Slot } from "./slot.tsx";

it("renders the child with the slot's props merged: classes joined, the child's own props win", () => {
  const html = renderToStaticMarkup(
    createElement(
      Slot,
      { className: "slot", title: "slot's", "data-x": "1" },
      createElement("a", { href: "/catalog", className: "own", title: "child's" }, "Browse"),
    ),
  );
  expect(html).toMatch(/^<a [^>]*>Browse<\/a>$/);
  expect(html).toContain('class="slot own"');
  expect(html).toContain('title="child&#x27;s"');
  expect(html).toContain('data-x="1"');
  expect(html).toContain('href="/catalog"');
});

it("runs both click handlers, the child's first, and sets both refs", () => {
  const calls: string[] = [];
  const slotRef = createRef<HTMLElement>();
  const childRef = createRef<HTMLElement>();
  const element = Slot({
    onClick: () => calls.push("slot"),
    ref: slotRef,
    children: createElement("a", { onClick: () => calls.push("child"), ref: childRef }),
  }) as React.ReactElement<{ onClick: () => void; ref: (node: unknown) => void }>;
  element.props.onClick();
  expect(calls).toEqual(["child", "slot"]);
  const node = {};
  element.props.ref(node);
  expect(slotRef.current).toBe(node);
  expect(childRef.current).toBe(node);
});

it("gives a Button's child link the button's classes; a link-styled button has no side padding", () => {
  const html = renderToStaticMarkup(
    createElement(Button, { asChild: true, size: "sm" }, createElement("a", { href: "/signup" }, "Sign up")),
  );
  expect(html).toMatch(/^<a [^>]*href="\/signup"[^>]*>Sign up<\/a>$/);
  expect(html).toMatch(/class="[^"]*\bh-9\b[^"]*\bpx-3\b[^"]*"/);
  const link = renderToStaticMarkup(createElement(Button, { variant: "link" }, "Cancel setup"));
  expect(link).not.toMatch(/\bpx-/);
  expect(link).toMatch(/\bh-10\b/);
});
