// ko/en texts of the dataset codes (dataset/codes.ts): datasets, uploads, classes, images and download
// requests.
import type { MessageCatalogue } from '../errors/catalogue';

export const DATASET_ERROR_MESSAGES: MessageCatalogue = {
  DATASET_NAME_REQUIRED: { ko: '데이터셋 이름을 입력해 주세요.', en: 'Please enter a dataset name.' },
  DATASET_NAME_INVALID: {
    ko: "데이터셋 이름에는 영문, 숫자, '-', '_'만 사용할 수 있습니다.",
    en: "A dataset name may use only letters, digits, '-' and '_'.",
  },
  DATASET_NAME_EXISTS: { ko: '이미 존재하는 데이터셋 이름입니다.', en: 'Dataset name already exists.' },
  DATASET_TYPE_REQUIRED: { ko: '데이터셋 유형을 선택해 주세요.', en: 'Please choose a dataset type.' },
  DATASET_NOT_FOUND: { ko: '데이터셋을 찾을 수 없습니다.', en: 'The dataset was not found.' },
  FILE_REQUIRED: { ko: '업로드할 파일을 선택해 주세요.', en: 'Please choose a file to upload.' },
  FOLDER_NAME_REQUIRED: { ko: '새 폴더 이름을 입력해 주세요.', en: 'Please enter a new folder name.' },
  FOLDER_NAME_INVALID: {
    ko: '폴더명이 올바르지 않거나 중복되었습니다: {name}',
    en: 'Invalid or duplicate folder name: {name}',
  },
  FOLDER_TOO_DEEP: {
    ko: '폴더 구조가 너무 깊습니다: {file}',
    en: 'The folders are nested too deeply: {file}',
  },
  FILE_NAME_INVALID: {
    ko: '파일명에 사용할 수 있는 문자가 없습니다: {file}',
    en: 'The file name has no usable characters: {file}',
  },
  CLASS_FOLDER_NAME_INVALID: {
    ko: "클래스 폴더명에는 영문, '-', '_'만 사용할 수 있습니다: {name}",
    en: "A class folder name may use only English letters, '-' and '_': {name}",
  },
  NOT_AN_IMAGE: { ko: '이미지 파일이 아닙니다: {file}', en: 'Not an image file: {file}' },
  IMAGE_CORRUPT: {
    ko: '이미지를 읽을 수 없습니다(손상된 파일): {file}',
    en: 'The image cannot be read (corrupt file): {file}',
  },
  FILE_TOO_LARGE: {
    ko: '파일이 너무 큽니다: {file} (최대 {max})',
    en: 'The file is too large: {file} (at most {max})',
  },
  UPLOAD_TOO_LARGE: {
    ko: '업로드 크기가 너무 큽니다 (최대 {max}).',
    en: 'The upload is too large (at most {max}).',
  },
  ZIP_INVALID: { ko: '압축 파일을 읽을 수 없습니다: {file}', en: 'The zip file cannot be read: {file}' },
  ZIP_BOMB: {
    ko: '압축을 풀면 너무 커지는 파일입니다: {file}',
    en: 'The archive expands to too much data: {file}',
  },
  ZIP_TOO_MANY_ENTRIES: {
    ko: '압축 파일의 항목이 너무 많습니다 (최대 {max}): {file}',
    en: 'The zip has too many entries (at most {max}): {file}',
  },
  ZIP_UNSAFE_PATH: {
    ko: '허용되지 않는 경로가 압축 파일에 있습니다: {file}',
    en: 'The zip contains a path that is not allowed: {file}',
  },
  ZIP_SYMLINK: {
    ko: '압축 파일에 심볼릭 링크가 있습니다: {file}',
    en: 'The zip contains a symbolic link: {file}',
  },
  LABEL_FILE_INVALID: {
    ko: '라벨 파일을 읽을 수 없거나 형식이 올바르지 않습니다: {file}',
    en: 'A label file cannot be read or is not in a supported format: {file}',
  },
  LABEL_MASK_SIZE: {
    ko: '마스크 크기가 이미지 크기와 다릅니다: {file}',
    en: 'A mask does not have the size of its image: {file}',
  },
  NO_IMAGES: { ko: '업로드할 이미지가 없습니다.', en: 'There are no images to upload.' },
  UPLOAD_LIMIT_EXCEEDED: {
    ko: '최대 업로드 개수를 초과했습니다. (남은 업로드 개수: {remaining})',
    en: 'Exceeded maximum number of uploads. (Remaining upload count: {remaining})',
  },
  TRIAL_UPLOAD_LIMIT: {
    ko: '체험 계정은 한 번에 최대 {max}장까지 업로드할 수 있습니다.',
    en: 'A trial account can upload at most {max} images at a time.',
  },
  REMAINING_UPLOAD_COUNT: { ko: '남은 업로드 개수: {remaining}', en: 'Remaining upload count: {remaining}' },
  CLASS_NAME_REQUIRED: { ko: '클래스 이름을 입력해 주세요.', en: 'Please enter a class name.' },
  CLASS_NAME_INVALID: {
    ko: "클래스 이름에는 영문, 숫자, '-', '_'만 사용할 수 있습니다.",
    en: "A class name may use only letters, digits, '-' and '_'.",
  },
  CLASS_LIMIT: { ko: '클래스는 최대 34개까지 등록할 수 있습니다.', en: 'Class limit of 34.' },
  CLASS_TOO_FEW: { ko: '클래스는 최소 2개 이상이어야 합니다.', en: 'At least 2 classes are needed.' },
  CLASS_OK_NG_REQUIRED: {
    ko: 'OK 클래스와 NG 클래스를 각각 하나 이상 지정해 주세요.',
    en: 'Check at least one class as OK and one as not OK.',
  },
  CLASS_DUPLICATE: { ko: '중복된 클래스 이름입니다.', en: 'Duplicate class name.' },
  CLASS_NOT_FOUND: { ko: '클래스를 찾을 수 없습니다.', en: 'The class was not found.' },
  CLASS_MERGE_INVALID: {
    ko: '병합할 클래스를 2개 이상, 중복 없이 선택해 주세요.',
    en: 'Choose at least 2 different classes to merge.',
  },
  CLASSES_ONLY_FOR_CF: {
    ko: '분류(cf) 데이터셋에서만 클래스를 관리합니다.',
    en: 'Classes are managed on classification (cf) datasets only.',
  },
  IMAGE_DELETE_DURING_VERIFICATION: {
    ko: '성능 평가 중에는 이미지를 삭제할 수 없습니다.',
    en: 'Images cannot be deleted during performance verification.',
  },
  IMAGE_SELECTION_REQUIRED: {
    ko: '삭제할 이미지를 선택해 주세요.',
    en: 'Please select the images to remove.',
  },
  IMAGE_LOAD_FAILED: { ko: '이미지를 불러올 수 없습니다.', en: 'Cannot load images.' },
  DOWNLOAD_NOT_READY: {
    ko: '다운로드 파일이 아직 준비되지 않았습니다.',
    en: 'The download file is not ready yet.',
  },
  DOWNLOAD_EXPIRED: {
    ko: '다운로드 기간이 지나 파일이 삭제되었습니다.',
    en: 'The download has expired and its file was removed.',
  },
};
