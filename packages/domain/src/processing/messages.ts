// ko/en texts of the processing and annotation codes (SPEC §5, §8).
import type { Locale } from '../constants';

export const PROCESSING_ERROR_MESSAGES: Record<string, Record<Locale, string>> = {
  WORK_NAME_REQUIRED: { ko: '작업명을 입력해 주세요.', en: 'Please enter a work name.' },
  WORK_NAME_TOO_LONG: {
    ko: '작업명은 최대 {max}자까지 입력할 수 있습니다.',
    en: 'A work name may be at most {max} characters.',
  },
  WORK_NAME_EXISTS: { ko: '이미 등록된 작업명입니다.', en: 'Work name already registered.' },
  SAVE_DIR_REQUIRED: { ko: '저장 폴더명을 입력해 주세요.', en: 'Please enter a folder name.' },
  SAVE_DIR_INVALID: {
    ko: "저장 폴더명에는 영문, 숫자, '_', '-'만 사용할 수 있습니다.",
    en: "The save directory allows only digits, letters, '_' and '-'.",
  },
  SAVE_DIR_EXISTS: {
    ko: '유효하지 않거나 중복된 폴더명입니다.',
    en: 'Invalid or duplicate folder name.',
  },
  LABELING_TOO_FEW_IMAGES: {
    ko: '신규 라벨링은 이미지가 최소 {min}장 이상 필요합니다. (현재 {count}장)',
    en: 'Manual labeling needs at least {min} images. ({count} now)',
  },
  MERGE_TOO_FEW_DATASETS: {
    ko: '병합할 데이터셋을 {min}개 이상 선택해 주세요.',
    en: 'Choose at least {min} datasets to merge.',
  },
  DATASET_LIST_DUPLICATE: { ko: '같은 데이터셋이 두 번 선택되었습니다.', en: 'A dataset was chosen twice.' },
  DATASET_REQUIRED: { ko: '데이터셋을 선택해 주세요.', en: 'Please choose a dataset.' },
  DATASET_TYPE_MISMATCH: {
    ko: '작업 유형이 같은 데이터셋만 함께 사용할 수 있습니다.',
    en: 'Only datasets of the same work type can be combined.',
  },
  COPY_RESOLUTION_REQUIRED: {
    ko: '중복 파일 처리 방법(덮어쓰기/건너뛰기)을 선택해 주세요.',
    en: 'Choose overwrite or skip for the conflicting files.',
  },
  CLASS_REMOVE_REQUIRED: { ko: '삭제할 클래스를 선택해 주세요.', en: 'Choose the classes to remove.' },
  WORK_NOT_FOUND: { ko: '작업을 찾을 수 없습니다.', en: 'The work was not found.' },
  WORK_NOT_DONE: {
    ko: '작업이 아직 완료되지 않았습니다. (상태: {status})',
    en: 'The work is not done yet. (Status: {status})',
  },
  WORK_IN_PROGRESS: {
    ko: '진행 중인 작업은 삭제할 수 없습니다.',
    en: 'A work in progress cannot be deleted.',
  },
  WORK_IN_USE: {
    ko: '다른 사용자({name})가 사용 중인 작업입니다.',
    en: 'The work is in use by someone else ({name}).',
  },
  WORK_RESULT_IN_USE: {
    ko: '결과 데이터가 진행 중인 학습 또는 작업에 사용되고 있어 삭제할 수 없습니다.',
    en: 'The result data is used by a training or work in progress and cannot be deleted.',
  },
  WORK_LOCK_REQUIRED: {
    ko: '편집 세션이 만료되었습니다. 작업을 다시 열어 주세요.',
    en: 'The editing session has expired. Please open the work again.',
  },
  WORK_FINAL_SAVED: {
    ko: '최종 저장된 라벨링은 수정할 수 없습니다. 라벨링 복사로 진행해 주세요.',
    en: 'This labeling was saved as final and is locked. Use copy labeling to change it.',
  },
  COPY_FAILED: { ko: '복사 생성에 실패했습니다.', en: 'Copy failed to create.' },
  MERGE_FAILED: { ko: '병합 생성에 실패했습니다.', en: 'Merge failed to create.' },
  IMAGE_COPY_FAILED: { ko: '이미지 데이터 복사 오류입니다.', en: 'Image data copy error.' },
  ANNOTATION_CONFLICT: {
    ko: '다른 곳에서 먼저 저장되었습니다. 다시 불러온 뒤 작업해 주세요.',
    en: 'Someone saved this image in the meantime. Reload it and try again.',
  },
  ANNOTATION_INVALID: {
    ko: '어노테이션 데이터가 올바르지 않습니다.',
    en: 'The annotation data is not valid.',
  },
  ANNOTATION_CLASS_UNKNOWN: {
    ko: '데이터셋에 없는 클래스입니다.',
    en: 'The class does not belong to this dataset.',
  },
  IMAGE_NOT_FOUND: { ko: '이미지를 찾을 수 없습니다.', en: 'The image was not found.' },
};
