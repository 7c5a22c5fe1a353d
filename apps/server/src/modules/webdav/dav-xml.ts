import sax from 'sax';
import { AppError } from '../../http/app-error';

/*
 * The XML of WebDAV bodies: requests are read with sax in namespace mode (every element known by
 * its namespace URI, whatever prefix the client chose) into a small tree, and answers are
 * written as text with every value escaped.
 */

/** The namespace of WebDAV's own elements. */
export const davNs = 'DAV:';

/** An element of a request body. */
export interface XmlElement {
  ns: string;
  local: string;
  /** Attributes by their qualified name as written, with their namespace. */
  attributes: { name: string; ns: string; local: string; value: string }[];
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

/** A request body that is not well-formed XML answers 400. */
function malformed(description: string): AppError {
  return new AppError('invalid_argument', { description });
}

/** Reads a request body into its root element; an empty body is undefined. */
export function parseXml(text: string): XmlElement | undefined {
  if (text.trim() === '') {
    return undefined;
  }
  const parser = sax.parser(true, { xmlns: true, trim: false, normalize: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let failure: string | undefined;
  parser.onerror = (error) => {
    failure ??= error.message.split('\n')[0] ?? 'malformed XML';
    parser.error = null as unknown as Error;
  };
  parser.onopentag = (tag) => {
    const node = tag as sax.QualifiedTag;
    if (node.prefix !== '' && node.uri === '') {
      failure ??= `The prefix ${node.prefix} is not declared`;
    }
    const element: XmlElement = {
      ns: node.uri,
      local: node.local,
      attributes: Object.values(node.attributes).map((attribute) => ({
        name: attribute.name,
        ns: attribute.uri,
        local: attribute.local,
        value: attribute.value,
      })),
      children: [],
    };
    const parent = stack.at(-1);
    if (parent) {
      parent.children.push(element);
    } else if (root) {
      failure ??= 'A body has one root element';
    } else {
      root = element;
    }
    stack.push(element);
  };
  parser.onclosetag = () => {
    stack.pop();
  };
  const onText = (text: string) => {
    const parent = stack.at(-1);
    if (parent) {
      parent.children.push(text);
    } else if (text.trim() !== '') {
      failure ??= 'Text outside the root element';
    }
  };
  parser.ontext = onText;
  parser.oncdata = onText;
  parser.write(text).close();
  if (failure !== undefined || !root || stack.length > 0) {
    throw malformed(`The body is not well-formed XML: ${failure ?? 'unclosed element'}`);
  }
  return root;
}

/** The child elements of an element (text between them dropped). */
export function elementsOf(element: XmlElement): XmlElement[] {
  return element.children.filter((child): child is XmlElement => typeof child !== 'string');
}

/** The first child element in the DAV: namespace with this local name. */
export function davChild(element: XmlElement, local: string): XmlElement | undefined {
  return elementsOf(element).find((child) => child.ns === davNs && child.local === local);
}

/** Whether an element is DAV:`local`. */
export function isDav(element: XmlElement, local: string): boolean {
  return element.ns === davNs && element.local === local;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text or an attribute value, escaped. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

/**
 * The content of an element as XML that stands on its own: each element declares its
 * namespace, so it reads the same wherever it is put back (dead properties, a lock's owner).
 */
export function innerXml(element: XmlElement): string {
  return element.children.map((child) => nodeXml(child, '')).join('');
}

function nodeXml(node: XmlNode, inheritedNs: string): string {
  if (typeof node === 'string') {
    return escapeXml(node);
  }
  const attributes = node.attributes
    .filter((attribute) => attribute.name !== 'xmlns' && !attribute.name.startsWith('xmlns:'))
    .map((attribute, index) =>
      attribute.ns === ''
        ? ` ${attribute.local}="${escapeXml(attribute.value)}"`
        : ` xmlns:a${index}="${escapeXml(attribute.ns)}" a${index}:${attribute.local}="${escapeXml(attribute.value)}"`,
    )
    .join('');
  const declaration = node.ns === inheritedNs ? '' : ` xmlns="${escapeXml(node.ns)}"`;
  const inner = node.children.map((child) => nodeXml(child, node.ns)).join('');
  return `<${node.local}${declaration}${attributes}>${inner}</${node.local}>`;
}

/** A property's name: its namespace and local name. */
export interface PropertyName {
  ns: string;
  local: string;
}

/**
 * A property element with its value (already XML), its namespace declared on it: the DAV:
 * namespace is the answer's `D:` prefix, any other one a default namespace of its own.
 */
export function propertyXml(name: PropertyName, valueXml: string): string {
  const open =
    name.ns === davNs
      ? `D:${name.local}`
      : `${name.local}${name.ns === '' ? ' xmlns=""' : ` xmlns="${escapeXml(name.ns)}"`}`;
  const close = name.ns === davNs ? `D:${name.local}` : name.local;
  return valueXml === '' ? `<${open}/>` : `<${open}>${valueXml}</${close}>`;
}

/** The head of a multistatus answer. */
export const multistatusOpen =
  '<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:">';
export const multistatusClose = '</D:multistatus>\n';
