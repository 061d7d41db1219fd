// Shared with the backend's generated documents (the letter of authorization lists the numbers the same way).
export { formatNanp } from "../../../common/phone-numbers";
