// The dialog checks chosen loose files with the shared rules before sending (zips: the server checks).
import { describe, expect, it } from 'vitest';
import { localIssue } from './ExternalLabelingDialog';

const file = (name: string) => new File(['x'], name);

describe('external labeling dialog checks', () => {
  it('passes matching files and leaves zips to the server', () => {
    expect(localIssue('yolo', [file('a.png'), file('a.txt'), file('classes.txt')])).toBeNull();
    expect(localIssue('voc', [file('a.jpg'), file('a.xml')])).toBeNull();
    expect(localIssue('coco', [file('set.zip')])).toBeNull();
  });

  it('finds the spec problems', () => {
    expect(localIssue(null, [file('a.png')])?.code).toBe('LABEL_TYPE_REQUIRED');
    expect(localIssue('yolo', [file('a.png'), file('b.txt'), file('classes.txt')])?.code).toBe(
      'BBOX_NAME_MISMATCH',
    );
    expect(localIssue('voc', [file('a.png'), file('a.txt')])?.code).toBe('BBOX_EXTENSION_MISMATCH');
    expect(localIssue('yolo', [file('a.gif'), file('classes.txt')])?.code).toBe('EXTERNAL_IMAGE_EXTENSION');
    expect(localIssue('yolo', [file('a.png'), file('a.txt')])?.code).toBe('CLASS_FILE_REQUIRED');
  });
});
