/**
 * Icons from Tabler (@tabler/icons-react, a maintained set), re-exported under the names the screens use so a
 * screen imports one place. Each import is one small module: only the icons used reach the bundle.
 */
export {
  IconAlertCircle,
  IconArrowLeft,
  IconBuilding,
  IconBuildingWarehouse,
  IconCalculator,
  IconCalendarDollar,
  IconCalendarTime,
  IconCheck,
  IconCopy,
  IconDownload,
  IconExternalLink,
  IconHome,
  IconLogout,
  IconMapPin,
  IconMapPins,
  IconPackage,
  IconPencil,
  IconPlane,
  IconPlus,
  IconSearch,
  IconSparkles,
  IconSteeringWheel,
  IconTable,
  IconTicket,
  IconTrash,
  IconUser,
  IconWorld,
  IconX,
} from '@tabler/icons-react';
