// The part of pdfmake 0.3 the server uses. @types/pdfmake pulls in the DOM library, which changes
// the types of fetch and friends for the whole server, so it is not installed.
declare module 'pdfmake' {
  interface FontFiles {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }
  const pdfmake: {
    setFonts(fonts: Record<string, FontFiles>): void;
    setUrlAccessPolicy(allow: (url: string) => boolean): void;
    setLocalAccessPolicy(allow: (path: string) => boolean): void;
    createPdf(doc: object): { getBuffer(): Promise<Buffer> };
  };
  export default pdfmake;
}
