// Login and password-reset request texts (English).
export default {
  login: {
    title: 'Log in',
    welcome: 'Welcome back',
    subtitle: 'Enter your account details to log in.',
    username: 'ID',
    usernamePlaceholder: 'Enter your ID',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    submit: 'Log in',
    forgot: 'Forgot your password?',
    usernameRequired: 'Please enter your ID.',
    passwordRequired: 'Please enter your password.',
  },
  hero: {
    title: 'AI eyes for the shop floor',
    body: 'Datasets, labeling, training, evaluation and line monitoring in one place.',
    point1: 'Classification, detection and segmentation models',
    point2: 'AI-assisted labeling and data augmentation',
    point3: 'Live inspection monitoring per line',
  },
  reset: {
    title: 'Request a password reset',
    body: 'Enter your ID to ask the administrator for a password reset. Once handled, the administrator gives you a temporary password.',
    username: 'ID',
    required: 'Please enter your ID.',
    submit: 'Send request',
    done: 'Your password reset was requested. Please wait for the administrator.',
  },
};
