import * as React from "react";

type AnyProps = Record<string, unknown>;
type Ref<T> = React.Ref<T> | undefined;

function composeRefs<T>(...refs: Ref<T>[]): React.RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * Renders its one child element with the slot's props merged in: the child's
 * own props win, except that both event handlers run (the child's first),
 * class names are joined and styles merged, and both refs are set. What
 * `asChild` needs (a `<Link>` styled as a button), without Radix's Slot on
 * pages that use no other Radix part.
 */
export function Slot({ children, ...slotProps }: AnyProps & { children?: React.ReactNode }) {
  if (!React.isValidElement<AnyProps>(children)) return null;
  const childProps = children.props;
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const name of Object.keys(childProps)) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === "function" && typeof childValue === "function") {
      merged[name] = (...args: unknown[]) => {
        const result = childValue(...args);
        slotValue(...args);
        return result;
      };
    } else if (name === "className" && slotValue) {
      merged[name] = [slotValue, childValue].filter(Boolean).join(" ");
    } else if (name === "style" && slotValue) {
      merged[name] = { ...(slotValue as object), ...(childValue as object) };
    }
  }
  const slotRef = slotProps.ref as Ref<unknown>;
  const childRef = childProps.ref as Ref<unknown>;
  if (slotRef && childRef) merged.ref = composeRefs(slotRef, childRef);
  else merged.ref = slotRef ?? childRef;
  return React.cloneElement(children, merged);
}
