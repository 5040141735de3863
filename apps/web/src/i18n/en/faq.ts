// Help-widget FAQ (SPEC §2): categories 1 login/account, 2 dataset, 3 processing/labeling,
// 4 learning, 5 inference/evaluation. Answers describe what the product does (SPEC §1–§5, §9).
export default {
  title: 'Frequently asked questions',
  search: 'Search questions',
  noMatch: 'No question matches your search.',
  categories: {
    '1': 'Login and account',
    '2': 'Datasets',
    '3': 'Processing and labeling',
    '4': 'Learning',
    '5': 'Inference and evaluation',
  },
  items: {
    '1': [
      {
        q: 'What passwords are accepted?',
        a: 'At least 10 characters with letters and digits, or at least 8 characters with letters, digits and special characters. The new password must differ from the old one and match its confirmation.',
      },
      {
        q: 'I forgot my password. What do I do?',
        a: 'Choose "Forgot your password?" on the login page and enter your ID. The administrator handles the request and gives you a temporary password, which you must change at your next login.',
      },
      {
        q: 'Why am I asked to change my password?',
        a: 'After an administrator resets your password you must set a new one before continuing. You are also reminded when your password is older than 3 months.',
      },
      {
        q: 'Why was I logged out?',
        a: 'Your session expired, the service entered a maintenance period, or your (trial) account reached its expiry date. Log in again; for an expired account, contact customer service.',
      },
    ],
    '2': [
      {
        q: 'What can I upload?',
        a: 'Several images or zip files. Files that are not images are refused, except __MACOSX, .DS_Store and Thumbs.db, which are skipped. By default one image may be at most 64 MiB.',
      },
      {
        q: 'How should a zip be laid out?',
        a: 'A zip keeps its folders. For detection and segmentation: folder/image.png. For classification: class/image.png, or folder/class/image.png. Images at the zip root go to the folder you enter (default: the zip name). Deeper nesting is refused.',
      },
      {
        q: 'Which names are allowed for datasets and folders?',
        a: 'Digits, letters, "-" and "_" only. Class folders accept only English letters, "-" and "_". Other characters are removed from file names, and folder names must not already exist in the dataset.',
      },
      {
        q: 'Why were some images not stored?',
        a: 'An image with the same content as one already in the dataset (or twice in the upload) is reported as a duplicate and not stored again.',
      },
      {
        q: 'Is there an upload limit?',
        a: 'Trial accounts can upload at most 3000 images per upload. A project may also have a total upload limit; the upload dialog shows the remaining count.',
      },
    ],
    '3': [
      {
        q: 'What are the class rules?',
        a: 'From 2 to 34 classes, no duplicate names, at least one class checked OK and one not OK (NG), and at least 1 image per class.',
      },
      {
        q: 'When can I use AI labeling?',
        a: 'Supervised AI labeling needs at least 100 manually labeled images. Unsupervised AI labeling asks for a number of classes from 2 to 34.',
      },
      {
        q: 'What do I need for a merge, copy or class merge?',
        a: 'A merge needs a work name, a save directory and at least 2 datasets. A class merge needs at least 2 classes and a result name. Copy and AI labeling need a work name and a folder name that does not exist yet.',
      },
      {
        q: 'How long can a work name be?',
        a: 'At most 30 characters. The save directory accepts only digits, letters, "_" and "-".',
      },
    ],
    '4': [
      {
        q: 'How many trainings can I run at once?',
        a: 'Up to 3 trainings per user at the same time. Start another one when one of them has finished.',
      },
      {
        q: 'Can I train with a target region?',
        a: 'Yes, with at most 10 target regions, and every image in the dataset must have the same width and height.',
      },
      {
        q: 'Why can I not compare two learnings?',
        a: 'A comparison requires the same class information in both: class order, names and OK flags must match.',
      },
    ],
    '5': [
      {
        q: 'How do I evaluate a model?',
        a: 'Run a single performance evaluation of a trained model on a dataset, or a comparison evaluation of several models. Trial accounts cannot use comparison evaluation.',
      },
      {
        q: 'How long can I download results?',
        a: 'Requested downloads appear in the download list (refreshed every 3 seconds). A prepared file is kept for 3 days from its creation.',
      },
      {
        q: 'What are the inspection limits?',
        a: 'The inspection threshold is between 0 and 1, the sampling rate between 0 and 100, and the sampling count between 100 and 1000. Sampling runs at 00:00.',
      },
      {
        q: 'Why does my inference search fail?',
        a: 'A serial number is required, and a search with no match shows an error.',
      },
    ],
  },
  goCs: 'Ask customer service',
};
