// Intro, customer-service and privacy-policy texts (English).
export default {
  intro: {
    eyebrow: 'AI image inspection for manufacturing',
    title: 'Build and run inspection models without being an AI expert',
    body: 'Upload image data, label it, train models, evaluate them, then monitor inspection results on your production lines.',
    start: 'Get started',
    steps: {
      upload: { title: 'Upload data', body: 'Upload a zip of class folders and a dataset is created.' },
      label: {
        title: 'Process and label',
        body: 'New labeling, merge, copy, class merge and remove, AI labeling, augmentation.',
      },
      learn: { title: 'Train models', body: 'Classification, object detection and segmentation models.' },
      evaluate: {
        title: 'Evaluate',
        body: 'Single and comparison evaluations, and the judgements of a model.',
      },
      monitor: {
        title: 'Monitor lines',
        body: 'Line status, line reports, inspection reports and model history.',
      },
    },
  },
  cs: {
    title: 'Customer service',
    subtitle: 'Tell us about questions or problems you have with the service.',
    hoursTitle: 'Hours',
    hours: 'Weekdays 10:00 to 18:00 (closed on weekends and holidays)',
    replyTitle: 'Replies',
    reply: 'We answer inquiries within 2 business days.',
    guideTitle: 'Before you ask',
    guide1: 'To extend a project’s usage period, tell us the project name and the period you need.',
    guide2: 'Forgot your password? Request a reset with “Forgot your password?” on the login page.',
    guide3: 'For errors, include the page address, the time and the error message so we can check quickly.',
    notices: 'See notices',
    typeTitle: 'Inquiry type',
    types: {
      '1': 'Using the service',
      '2': 'Account and access',
      '3': 'Error report',
      '4': 'Usage period extension',
    },
    typeGuide: {
      '1': 'Tell us what you were trying to do (dataset, processing, learning, inference) and the project name. The FAQ in the help widget may already answer it.',
      '2': 'Tell us your ID and company. Never write your password.',
      '3': 'Include the page address, the time, the error message shown and the steps that lead to it.',
      '4': 'Tell us the project name (or the trial account ID) and the extension you need.',
    },
    keyLabel: 'Inquiry reference',
    keyHint: 'Quote this reference in your inquiry so we can find your current session and check quickly.',
  },
  privacy: {
    title: 'Privacy policy',
    effective: 'Effective from May 2023',
    sections: {
      retention: {
        title: 'How long personal data is kept',
        body: 'Personal data is kept for 3 months after the service contract ends and then destroyed without delay.',
      },
      logs: {
        title: 'Access logs',
        body: 'Access logs are kept for 1 year, or 2 years where large volumes of personal data are processed.',
      },
      audit: {
        title: 'Audits',
        body: 'Access logs of the systems processing personal data are audited every quarter.',
      },
      cookies: {
        title: 'Cookies and behavioural data',
        body: 'The service collects no behavioural data and uses no cookies to collect it.',
      },
    },
  },
};
