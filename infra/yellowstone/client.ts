// The official Yellowstone gRPC client class. The package is CommonJS: under Node's ESM loader its
// class is `module.exports.default`, under bundlers' interop the default import itself.
import yellowstone from '@triton-one/yellowstone-grpc';

export const YellowstoneClient = ('default' in yellowstone ? yellowstone.default : yellowstone) as typeof yellowstone.default;
export type YellowstoneClient = InstanceType<typeof YellowstoneClient>;
