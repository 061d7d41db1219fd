import { type ClassValue, clsx } from "clsx";
import { mergeClasses } from "./class-merge";

/** Class names joined (clsx), a later Tailwind class overriding an earlier one of the same kind (`./class-merge`). */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
