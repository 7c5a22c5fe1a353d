import { describe, expect, it } from 'vitest';
import { cleanAttachmentName, detectFeedbackAttachmentType } from './feedback-attachment';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('feedback attachments', () => {
  it('finds the type in the bytes, whatever the name says', () => {
    expect(detectFeedbackAttachmentType(png)).toBe('image/png');
    expect(detectFeedbackAttachmentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectFeedbackAttachmentType(Buffer.from('%PDF-1.7\n%...'))).toBe('application/pdf');
    expect(
      detectFeedbackAttachmentType(Buffer.from('2026-11-26 upload failed\r\n\tretry 3\n')),
    ).toBe('text/plain');
    expect(detectFeedbackAttachmentType(Buffer.from('Привет, 你好 👋'))).toBe('text/plain');
  });

  it('refuses binary, broken UTF-8 and empty files', () => {
    expect(detectFeedbackAttachmentType(Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBeUndefined();
    expect(detectFeedbackAttachmentType(Buffer.from([0x61, 0xc3, 0x28]))).toBeUndefined();
    expect(detectFeedbackAttachmentType(Buffer.alloc(0))).toBeUndefined();
    expect(detectFeedbackAttachmentType(Buffer.from('text\u0000with a NUL'))).toBeUndefined();
  });

  it('keeps a clean base name ending in the extension of the type found', () => {
    expect(cleanAttachmentName('C:\\Users\\ana\\Desktop\\shot.png', 'image/png', 0)).toBe(
      'shot.png',
    );
    expect(cleanAttachmentName('../../etc/passwd', 'text/plain', 1)).toBe('passwd.txt');
    expect(cleanAttachmentName('page.html', 'text/plain', 0)).toBe('page.txt');
    expect(cleanAttachmentName('evil.svg', 'image/png', 0)).toBe('evil.png');
    expect(cleanAttachmentName('a\u0000b\nc?.png', 'image/png', 0)).toBe('abc.png');
    expect(cleanAttachmentName('shot\u202Egnp.exe', 'image/png', 0)).toBe('shotgnp.png');
    expect(cleanAttachmentName('', 'application/pdf', 2)).toBe('attachment-3.pdf');
    expect(cleanAttachmentName('.htaccess', 'text/plain', 0)).toBe('attachment-1.txt');
    expect(cleanAttachmentName(`${'x'.repeat(500)}.png`, 'image/png', 0)).toHaveLength(120);
  });
});
