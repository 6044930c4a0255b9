/**
 * Icons from Tabler (@tabler/icons-react, a maintained set), re-exported under the names the screens use so a
 * screen imports one place. Each import is one small module: only the icons used reach the bundle.
 */
export {
  IconAlertCircle,
  IconArrowLeft,
  IconBuilding,
  IconCalculator,
  IconCheck,
  IconDownload,
  IconHome,
  IconLogout,
  IconPencil,
  IconPlane,
  IconPlus,
  IconSearch,
  IconSteeringWheel,
  IconTrash,
  IconUser,
  IconX,
} from '@tabler/icons-react';
