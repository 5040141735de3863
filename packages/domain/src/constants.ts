// Business constants and limits from SPEC §9. Server, worker and web read them from here only.
export const LOCALES = ['ko', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ko';
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_DAYS = 365;
export const LOCALE_HEADER = 'x-locale';

export const REQUEST_TIMEOUT_MS = 60_000;
export const CONCURRENT_TRAININGS_PER_USER = 3;
export const CLASS_MIN = 2;
export const CLASS_MAX = 34;
export const TARGET_REGION_MAX = 10;
export const WORK_NAME_MAX = 30;
export const MANUAL_LABELING_MIN_IMAGES = 100;
export const AI_LABELING_MIN_LABELED = 100;
export const UNSUPERVISED_CLASSES = { min: 2, max: 34 } as const;
export const SAMPLING_COUNT = { min: 100, max: 1000 } as const;
export const INSPECTION_THRESHOLD = { min: 0, max: 1 } as const;
export const SAMPLING_RATE = { min: 0, max: 100 } as const;
export const LINE_REPORT_MAX_DAYS = 30;
export const LINE_REPORT_PERIODS_HOURS = [6, 12, 24] as const;
export const TRIAL_UPLOAD_MAX_IMAGES = 3000;
export const MIN_IDENTIFIER_LENGTH = 4;
export const MERGE_MIN = 2;
export const PASSWORD_CHANGE_REMINDER_MONTHS = 3;
export const EDIT_SESSION_WARNING_MS = 60_000;
export const EDIT_SESSION_AUTOSAVE_MS = 60_000;
export const NOTIFICATION_PAGE_SIZE = 10;
export const POPUP_DELAY_MS = 400;
export const PAGER = { perPage: 10, visiblePages: 10 } as const;
export const DOWNLOAD_LIST = { perPage: 10, refreshMs: 3000 } as const;
export const DOWNLOAD_RETENTION_DAYS = 3;
export const MONITORING_INTERVAL_MS = 5000;
export const IMAGES_PER_PAGE = 30;
export const IMAGE_GRID_COLUMNS = { min: 1, max: 20 } as const;
export const WORKSPACE_GRID_COLUMNS_MAX = 8;
export const FETCH_MIN_DELAY_MS = 200;
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;
export const POLYGON_POINT_RADIUS = 7;
export const RECT_DROP_SIZE_PX = 10;
export const MASK_TENSOR_SIZE = 256;
export const MASK_OVERLAY_ALPHA = 120;
export const MAGIC_WAND_DEFAULTS = {
  colorThreshold: 15,
  blurRadius: 0,
  simplifyTolerance: 5,
  simplifyCount: 30,
  hatchLength: 4,
} as const;
export const MAGIC_WAND_THRESHOLD_BOUNDS = { min: 1, max: 255 } as const;
export const MAGIC_WAND_OUTLINE_REFRESH_MS = 300;

/** The fixed on-premise maintenance window (SPEC §4, §9); overridable as a setting. */
export const DEFAULT_MAINTENANCE_WINDOW = {
  start: '2024-10-09T08:00:00+09:00',
  end: '2024-10-10T10:00:00+09:00',
} as const;

export const LAYOUT = {
  headerHeight: 54,
  navOpen: 210,
  navClosed: 64,
  minWidth: 1280,
  minHeight: 768,
  alarmListMaxHeight: 480,
  alarmListWidth: 440,
  toastMaxWidth: 350,
} as const;

export const DROPDOWN_WIDTHS = { small: 200, medium: 300, large: 390 } as const;

export const PRODUCT_NAMES = ['onprem', 'telecom', 'cloud'] as const;
export type ProductName = (typeof PRODUCT_NAMES)[number];
