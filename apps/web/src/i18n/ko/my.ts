// Registered as namespace 'my'; the texts live with the feature.
export { default } from '../../features/user/i18n/my.ko';
