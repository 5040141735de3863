// Dataset vocabulary (SPEC §1, §3, §4): task types, purposes, image filters and download states.
export const DATASET_TYPES = ['cf', 'od', 'sg', 'ad'] as const;
export type DatasetType = (typeof DATASET_TYPES)[number];

/** Dataset selection is by purpose: data preprocessing or single performance evaluation (SPEC §4). */
export const DATASET_PURPOSES = ['preprocessing', 'evaluation'] as const;
export type DatasetPurpose = (typeof DATASET_PURPOSES)[number];

/** Image filter of the grid and the workspaces (SPEC §4). */
export const IMAGE_FILTERS = ['all', 'edited', 'unconfirmed'] as const;
export type ImageFilter = (typeof IMAGE_FILTERS)[number];

/** Download request item status: success enables the button, error shows a badge, anything else is in progress. */
export const DOWNLOAD_STATUSES = ['progress', 'success', 'error'] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];

/** The two tabs of the download-request modal: datasets and (processing/inference) results. */
export const DOWNLOAD_KINDS = ['dataset', 'output'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/** Image formats accepted on upload (decoded by sharp on the server). */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'tif', 'tiff'] as const;

/** Folder used for files that arrive without a folder (loose files, zip root). */
export const DEFAULT_FOLDER_NAME = 'default';
