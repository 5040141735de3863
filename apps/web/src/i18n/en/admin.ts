// Registered as namespace 'admin'; the texts live with the feature.
export { default } from '../../features/admin/i18n/en';
