// Registered as namespace 'my'; the texts live with the feature.
export { default } from '../../features/my/i18n/en';
