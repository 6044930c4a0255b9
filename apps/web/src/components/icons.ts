/**
 * Icons from Tabler (@tabler/icons-react, a maintained set), re-exported under the names the screens use so a
 * screen imports one place. Each import is one small module: only the icons used reach the bundle.
 */
export {
  IconAlertCircle,
  IconArrowLeft,
  IconBuilding,
  IconCalendarTime,
  IconCheck,
  IconDownload,
  IconHome,
  IconLogout,
  IconPackage,
  IconPencil,
  IconPlane,
  IconPlus,
  IconSearch,
  IconSparkles,
  IconSteeringWheel,
  IconTicket,
  IconTrash,
  IconUser,
  IconX,
} from '@tabler/icons-react';
