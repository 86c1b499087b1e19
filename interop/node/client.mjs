// Drives a TypeScript MCP client against a server and prints what it saw as one JSON object.
//
//   node client.mjs v1|v2 URL legacy|modern
//
// v1 is @modelcontextprotocol/sdk (speaks up to 2025-11-25); v2 is @modelcontextprotocol/client, whose
// versionNegotiation mode 'auto' probes with server/discover first and falls back to initialize.
// In the legacy era the session is then terminated behind the client's back (a DELETE from another
// HTTP client, as an operator or an idle reaper would), and the script records the error the client
// gets and whether a fresh connection (a new initialize) works.
const [sdk, url, era] = process.argv.slice(2);

const load = {
  v1: async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    return { Client, Transport: StreamableHTTPClientTransport, options: {} };
  },
  v2: async () => {
    const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
    const options = era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {};
    return { Client, Transport: StreamableHTTPClientTransport, options };
  },
}[sdk];
if (!load || !['legacy', 'modern'].includes(era)) {
  console.error('usage: node client.mjs v1|v2 URL legacy|modern');
  process.exit(2);
}
const { Client, Transport, options } = await load();

async function connect() {
  const client = new Client({ name: `mcpwire-interop-ts-${sdk}`, version: '1.0.0' }, { capabilities: {}, ...options });
  const transport = new Transport(new URL(url));
  await client.connect(transport);
  const version = client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion;
  return { client, transport, version };
}

const text = (r) => r?.content?.[0]?.text ?? r?.contents?.[0]?.text ?? r?.messages?.[0]?.content?.text;

const out = {};
const { client, transport, version } = await connect();
out.protocolVersion = version;
out.sessionId = transport.sessionId ?? '';
out.tools = (await client.listTools()).tools.map((t) => t.name);
out.toolText = text(await client.callTool({ name: 'test_simple_text', arguments: {} }));
out.resourceText = text(await client.readResource({ uri: 'test://static-text' }));
out.promptText = text(await client.getPrompt({ name: 'test_simple_prompt' }));

if (era === 'legacy') {
  const del = await fetch(url, {
    method: 'DELETE',
    headers: { 'mcp-session-id': out.sessionId, 'mcp-protocol-version': version },
  });
  out.deleteStatus = del.status;
  try {
    await client.callTool({ name: 'test_simple_text', arguments: {} });
    out.afterCloseError = '';
  } catch (e) {
    out.afterCloseError = String(e?.message ?? e);
    out.afterCloseCode = e?.code ?? e?.status ?? null;
  }
  await client.close().catch(() => {});
  const again = await connect();
  out.reconnectSessionId = again.transport.sessionId ?? '';
  out.reconnectToolText = text(await again.client.callTool({ name: 'test_simple_text', arguments: {} }));
  await again.client.close();
} else {
  await client.close();
}
console.log(JSON.stringify(out));
