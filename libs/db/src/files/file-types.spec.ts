import { identifyFile, isActiveContent, OCTET_STREAM, servedContentType, UPLOAD_KINDS } from './file-types';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const PDF = bytes('%PDF-1.7\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const GIF = bytes('GIF89a\x01\x00');
const OLE2 = Buffer.from('d0cf11e0a1b11ae10000', 'hex');
const ZIP = bytes('PK\x03\x04\x14\x00');
const HTML = bytes('<!DOCTYPE html><script>alert(1)</script>');
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

describe('servedContentType: the verified type of a stored file, never a declared one', () => {
  it('answers the type the content proves, whatever the name says', () => {
    expect(servedContentType(PDF, 'report.pdf', 'document')).toBe('application/pdf');
    expect(servedContentType(PDF, 'report.html', 'case_attachment')).toBe('application/pdf');
    expect(servedContentType(PNG, 'logo.svg', 'image')).toBe('image/png');
    expect(servedContentType(JPEG, 'photo.jpeg', 'image')).toBe('image/jpeg');
    expect(servedContentType(GIF, 'anim.gif', 'image')).toBe('image/gif');
  });

  it('tells the members of a container apart by name, and only by a name of that container', () => {
    expect(servedContentType(OLE2, 'sheet.xls', 'document')).toBe('application/vnd.ms-excel');
    expect(servedContentType(OLE2, 'letter.doc', 'document')).toBe('application/msword');
    expect(servedContentType(ZIP, 'letter.DOCX', 'document')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(servedContentType(ZIP, 'bundle.zip', 'case_attachment')).toBe('application/zip');
    expect(servedContentType(ZIP, 'bundle.zip', 'document')).toBe(OCTET_STREAM);
    expect(servedContentType(OLE2, 'setup.msi', 'case_attachment')).toBe(OCTET_STREAM);
    expect(servedContentType(PDF, 'sheet.xls', 'document')).toBe('application/pdf');
  });

  it('serves anything not identified among the kind’s types as application/octet-stream', () => {
    expect(servedContentType(HTML, 'report.pdf', 'document')).toBe(OCTET_STREAM);
    expect(servedContentType(SVG, 'logo.png', 'image')).toBe(OCTET_STREAM);
    expect(servedContentType(PDF, 'logo.png', 'image')).toBe(OCTET_STREAM);
    expect(servedContentType(PNG, 'addendum.pdf', 'agreement')).toBe(OCTET_STREAM);
    expect(servedContentType(bytes('log line\n'), 'controller.log', 'case_attachment')).toBe(OCTET_STREAM);
    expect(servedContentType(Buffer.alloc(0), 'empty.pdf', 'document')).toBe(OCTET_STREAM);
    expect(servedContentType(bytes('%PDF'), 'cut.pdf', 'document')).toBe(OCTET_STREAM);
  });

  it('never puts markup on an allow-list', () => {
    const served = Object.values(UPLOAD_KINDS)
      .flat()
      .map((name) => identifyFile(PDF, `x.${name}`, 'case_attachment'));
    expect(served.filter((name) => name && /html|svg|xml/.test(name))).toEqual([]);
    for (const kind of Object.keys(UPLOAD_KINDS) as (keyof typeof UPLOAD_KINDS)[]) {
      for (const head of [HTML, SVG]) expect(servedContentType(head, 'x.html', kind)).toBe(OCTET_STREAM);
    }
  });
});

describe('isActiveContent: HTML, SVG or XML by name or by content', () => {
  it.each(['a.html', 'a.HTM', 'a.xhtml', 'a.svg', 'a.svgz', 'a.xml', 'a.shtml', 'a.xsl'])('%s by its name', (name) => {
    expect(isActiveContent(PDF, name)).toBe(true);
  });

  it('by content that opens with a tag, after a byte order mark or white space, in UTF-8 or UTF-16', () => {
    expect(isActiveContent(HTML, 'report.pdf')).toBe(true);
    expect(isActiveContent(SVG, 'logo.png')).toBe(true);
    expect(isActiveContent(bytes('\xEF\xBB\xBF \r\n\t<?xml version="1.0"?><a/>'), 'data.txt')).toBe(true);
    expect(isActiveContent(Buffer.from('\uFEFF<html>', 'utf16le'), 'page.txt')).toBe(true);
    expect(isActiveContent(Buffer.from('\uFEFF<svg>', 'utf16le').swap16(), 'page.txt')).toBe(true);
    expect(isActiveContent(Buffer.from('feff003c0073', 'hex'), 'odd.txt')).toBe(true);
  });

  it('not for binary types or plain text', () => {
    for (const head of [PDF, PNG, JPEG, GIF, OLE2, ZIP, bytes('a < b'), Buffer.alloc(0)]) {
      expect(isActiveContent(head, 'file.bin')).toBe(false);
    }
  });
});
