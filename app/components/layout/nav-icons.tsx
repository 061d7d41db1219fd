import {
  Activity,
  BookOpen,
  Building2,
  CircleHelp,
  CreditCard,
  FileCode2,
  FileText,
  Gauge,
  History,
  type LucideIcon,
  Mail,
  MapPinned,
  MessageSquareText,
  PhoneForwarded,
  SearchCheck,
  Settings,
  ShieldCheck,
  Users,
} from "lucide-react";

/** One icon per navigation entry id (route table ids and label-only links). */
export const NAV_ICONS: Record<string, LucideIcon> = {
  dashboard: Gauge,
  users: Users,
  organizations: Building2,
  roles: ShieldCheck,
  "system-settings": Settings,
  "activity-log": History,
  "mail-log": Mail,
  "change-log": FileText,
  status: Activity,
  "api-docs": FileCode2,
  client_success: CircleHelp,
  billing: CreditCard,
  feedback: MessageSquareText,
  // E911 and porting tools.
  e911: MapPinned,
  "porting-check": PhoneForwarded,
  "did-lookup": SearchCheck,
};

export const FallbackNavIcon = BookOpen;
