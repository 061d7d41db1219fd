import { addressLine } from "./e911-address";

/**
 * A street address on one line, isolated left to right: "455 N Cityfront Plaza Dr, Chicago IL 60611" starts with
 * its house number, which an Arabic (right-to-left) page would otherwise move to the other end (issue 25).
 */
export function AddressText({ address, className }: { address: Parameters<typeof addressLine>[0]; className?: string }) {
  return (
    <bdi dir="ltr" className={className} data-address="">
      {addressLine(address)}
    </bdi>
  );
}
