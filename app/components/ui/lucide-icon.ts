import { createElement, type ReactNode, type Ref, type SVGProps } from "react";

type IconData = { name: string; node: [tag: string, attrs: Record<string, string>][]; aliases?: string[] };

export type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  size?: number | string;
  ref?: Ref<SVGSVGElement>;
  children?: ReactNode;
};

const labels = (props: Record<string, unknown>) =>
  Object.keys(props).some((k) => (k.startsWith("aria-") || k === "role" || k === "title") && props[k] != null);

/**
 * Builds one of lucide-react's icon components from the icon's data. Each
 * icon module of lucide-react calls this instead of lucide's own runtime
 * (`leanLucideIcons` in vite/bundling.ts): the same `<svg>`, classes and
 * `aria-hidden` rule, without the provider, attribute renaming and class
 * merging that every page would otherwise download.
 */
export default function createLucideIcon({ name, node, aliases = [] }: IconData) {
  const base = ["lucide", `lucide-${name}`, ...aliases.map((alias) => `lucide-${alias}`)].join(" ");
  const paths = node.map(([tag, attrs]) => createElement(tag, attrs));
  function LucideIcon({ size = 24, strokeWidth = 2, color = "currentColor", className, children, ...rest }: IconProps) {
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: color,
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: className ? `${base} ${className}` : base,
        ...(children != null || labels(rest) ? null : { "aria-hidden": "true" }),
        ...rest,
      },
      ...paths,
      children,
    );
  }
  return LucideIcon;
}
