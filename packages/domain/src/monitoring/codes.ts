// Error codes of monitoring lines: deployments, line API keys, the live inspection API, reports and
// verification (issue 19). Their ko/en texts live in errors/monitoring-messages.ts.
export const MonitoringErrorCode = {
  LineNotFound: 'LINE_NOT_FOUND',
  LineKeyRequired: 'LINE_KEY_REQUIRED',
  LineKeyInvalid: 'LINE_KEY_INVALID',
  LineKeyOtherLine: 'LINE_KEY_OTHER_LINE',
  NoDeployment: 'NO_DEPLOYMENT',
  ModelNotDeployable: 'MODEL_NOT_DEPLOYABLE',
  NoPreviousDeployment: 'NO_PREVIOUS_DEPLOYMENT',
  ThresholdRange: 'THRESHOLD_RANGE',
  SamplingRateRange: 'SAMPLING_RATE_RANGE',
  SamplingCountRange: 'SAMPLING_COUNT_RANGE',
  PeriodInvalid: 'PERIOD_INVALID',
  ReportRangeTooLong: 'REPORT_RANGE_TOO_LONG',
  SerialRequired: 'SERIAL_REQUIRED',
  ReportNoMatch: 'REPORT_NO_MATCH',
  ImageRequired: 'IMAGE_REQUIRED',
  ImageInvalid: 'IMAGE_INVALID',
  BatchTooLarge: 'BATCH_TOO_LARGE',
  SerialCountMismatch: 'SERIAL_COUNT_MISMATCH',
  InspectionNotFound: 'INSPECTION_NOT_FOUND',
  NotSampled: 'NOT_SAMPLED',
  NoCorrections: 'NO_CORRECTIONS',
} as const;
export type MonitoringErrorCodeValue = (typeof MonitoringErrorCode)[keyof typeof MonitoringErrorCode];
