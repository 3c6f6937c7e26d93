import Foundation
import SiteComponents
import Testing

@Suite struct ImageMetadataTests {
  /// Whether any of the latitude's numerators, in either byte order, is left in `bytes`.
  private func showsLatitude(_ bytes: [UInt8]) -> Bool {
    PhotoBytes.latitudeNumerators.contains { numerator in
      [true, false].contains { littleEndian in
        contains(bytes, PhotoBytes.Order(littleEndian: littleEndian).u32(Int(numerator)))
      }
    }
  }

  private func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
    guard bytes.count >= part.count else { return false }
    return (0...bytes.count - part.count).contains { bytes[$0..<$0 + part.count].elementsEqual(part) }
  }

  private func contains(_ bytes: [UInt8], _ text: String) -> Bool { contains(bytes, Array(text.utf8)) }

  private func size(_ bytes: [UInt8]) -> String? { ImageFileSize.read(bytes, name: "a.jpg")?.description }

  @Test(arguments: [false, true])
  func allLeavesAPhotoWithoutPositionButUprightInItsColours(littleEndian: Bool) throws {
    let photo = PhotoBytes.photo(littleEndian: littleEndian)
    #expect(showsLatitude(photo))
    let stripped = try #require(ImageMetadata.stripping(photo, .all))
    #expect(stripped.hadLocation && stripped.changed)
    #expect(!showsLatitude(stripped.bytes))
    for gone in ["GPS", "Apple", "Photoshop", "holiday", "adobe.com"] {
      #expect(!contains(stripped.bytes, gone), "\(gone)")
    }
    // Orientation 6 survives: the 4000×3000 frame is still shown as a portrait.
    #expect(size(stripped.bytes) == "3000x4000")
    for chunk in PhotoBytes.iccChunks { #expect(contains(stripped.bytes, chunk)) }
    #expect(contains(stripped.bytes, PhotoBytes.iccChunks[0] + [0xFF, 0xE2]))  // in order
    #expect(contains(stripped.bytes, "Adobe") && contains(stripped.bytes, "JFIF"))
    #expect(stripped.bytes.starts(with: [0xFF, 0xD8, 0xFF, 0xE0]))
    #expect(stripped.bytes.suffix(PhotoBytes.scan.count).elementsEqual(PhotoBytes.scan))
  }

  @Test(arguments: [false, true])
  func locationTakesOutOnlyThePosition(littleEndian: Bool) throws {
    let photo = PhotoBytes.photo(littleEndian: littleEndian)
    let stripped = try #require(ImageMetadata.stripping(photo, .location))
    #expect(stripped.hadLocation && stripped.changed)
    #expect(!showsLatitude(stripped.bytes))
    #expect(!contains(stripped.bytes, "GPS"))
    for kept in ["Apple", "Photoshop", "holiday", "Adobe", "JFIF"] {
      #expect(contains(stripped.bytes, kept), "\(kept)")
    }
    #expect(size(stripped.bytes) == "3000x4000")
    #expect(stripped.bytes.suffix(PhotoBytes.scan.count).elementsEqual(PhotoBytes.scan))
    // The Exif block keeps its place and length; only the XMP segment is gone.
    let xmpSegment = 4 + "http://ns.adobe.com/xap/1.0/".utf8.count + 1 + PhotoBytes.xmp.count
    #expect(stripped.bytes.count == photo.count - xmpSegment)
    // IFD0 (after SOI, APP0, the APP1 header and "Exif\0\0") has three entries, the one that
    // followed GPSInfo moved up into its place.
    let order = PhotoBytes.Order(littleEndian: littleEndian)
    let ifd0 = 2 + 18 + 4 + 6 + 8
    #expect(Array(stripped.bytes[ifd0..<ifd0 + 2]) == order.u16(3))
    #expect(Array(stripped.bytes[ifd0 + 2 + 24..<ifd0 + 2 + 26]) == order.u16(PhotoBytes.tagAfterGPS))
    #expect(stripped.bytes[ifd0 + 2 + 36..<ifd0 + 2 + 52].allSatisfy { $0 == 0 })
  }

  @Test func aPNGLosesItsPositionAndKeepsItsProfileWithValidCRCs() throws {
    #expect(PhotoBytes.crc32(Array("IEND".utf8)) == 0xAE42_6082)
    for littleEndian in [false, true] {
      let photo = PhotoBytes.photoPNG(littleEndian: littleEndian)
      for policy in [MetadataPolicy.all, .location] {
        let stripped = try #require(ImageMetadata.stripping(photo, policy))
        #expect(stripped.hadLocation && stripped.changed)
        #expect(!showsLatitude(stripped.bytes) && !contains(stripped.bytes, "GPS"))
        #expect(contains(stripped.bytes, "iCCP"))
        #expect(contains(stripped.bytes, "eXIf"))  // the orientation, or all but the position
        #expect(contains(stripped.bytes, "holiday") == (policy == .location))
        #expect(contains(stripped.bytes, "Apple") == (policy == .location))
        #expect(pngCRCsHold(stripped.bytes))
      }
    }
  }

  /// Whether every chunk's CRC matches its type and data.
  private func pngCRCsHold(_ bytes: [UInt8]) -> Bool {
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let body = Array(bytes[offset + 4..<offset + 8 + length])
      let crc = bytes[offset + 8 + length..<offset + 12 + length].reduce(0) { $0 << 8 | UInt32($1) }
      guard crc == PhotoBytes.crc32(body) else { return false }
      offset += 12 + length
    }
    return offset == bytes.count
  }

  @Test func aWebPLosesItsPositionAndItsFlagsFollow() throws {
    for littleEndian in [true, false] {
      let photo = PhotoBytes.photoWebP(littleEndian: littleEndian)
      let all = try #require(ImageMetadata.stripping(photo, .all))
      #expect(all.hadLocation && all.changed)
      #expect(!showsLatitude(all.bytes) && !contains(all.bytes, "EXIF") && !contains(all.bytes, "XMP "))
      #expect(all.bytes[20] == 0x20)  // only the ICC profile's flag is left
      #expect(riffSizeHolds(all.bytes))

      let location = try #require(ImageMetadata.stripping(photo, .location))
      #expect(location.hadLocation && location.changed)
      #expect(!showsLatitude(location.bytes) && !contains(location.bytes, "GPS"))
      #expect(contains(location.bytes, "EXIF") && contains(location.bytes, "Apple"))
      #expect(location.bytes[20] == 0x20 | 0x08)
      #expect(riffSizeHolds(location.bytes))
      #expect(contains(location.bytes, [0x11, 0x22]))  // the image data
    }
  }

  private func riffSizeHolds(_ bytes: [UInt8]) -> Bool {
    bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) } == bytes.count - 8
  }

  /// A phone's second image after the photo's EOI (MPF, a gain map) carries Exif of its own:
  /// `.location` strips it in place, `.all` drops it with everything after the photo.
  @Test func imagesAfterThePhotoLoseTheirPositionToo() throws {
    let photo = PhotoBytes.photo()
    let second = PhotoBytes.jpeg([(0xE1, Array("Exif".utf8) + [0, 0] + PhotoBytes.tiff(littleEndian: true))])
    let trailer = Array("SEFH trailer".utf8)
    let file = photo + second + trailer

    let all = try #require(ImageMetadata.stripping(file, .all))
    #expect(all.hadLocation && !showsLatitude(all.bytes))
    #expect(all.bytes == ImageMetadata.stripping(photo, .all)?.bytes)

    let location = try #require(ImageMetadata.stripping(file, .location))
    #expect(location.hadLocation && !showsLatitude(location.bytes))
    let secondStripped = try #require(ImageMetadata.stripping(second, .location))
    #expect(secondStripped.hadLocation && secondStripped.bytes.count == second.count)
    #expect(location.bytes.suffix(second.count + trailer.count).elementsEqual(secondStripped.bytes + trailer))
    #expect(ImageMetadata.stripping(location.bytes, .location)?.changed == false)
  }

  /// A progressive image has tables and further scans after its first scan; a table may hold
  /// the bytes of an EOI marker. `.all` ends the file at the real EOI, not there.
  @Test func theEndOfAProgressiveImageIsFoundPastItsTables() throws {
    let firstScan = PhotoBytes.photo().dropLast(2)  // the scan without its EOI
    let tables: [UInt8] = [0xFF, 0xC4, 0, 6, 0x10, 0xFF, 0xD9, 0xFF]
    let secondScan: [UInt8] = [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0, 0x77, 0xFF, 0, 0xFF, 0xD9]
    let file = Array(firstScan) + tables + secondScan + Array("junk".utf8)
    let all = try #require(ImageMetadata.stripping(file, .all))
    #expect(all.bytes.suffix(tables.count + secondScan.count).elementsEqual(tables + secondScan))
  }

  /// What needs no removal comes back as the very same bytes, and a second pass removes nothing.
  @Test func strippingTwiceIsStrippingOnce() throws {
    let photos = [
      PhotoBytes.photo(), PhotoBytes.photo(littleEndian: true), PhotoBytes.photoPNG(),
      PhotoBytes.photoPNG(littleEndian: true), PhotoBytes.photoWebP(),
      PhotoBytes.photoWebP(littleEndian: false),
    ]
    for photo in photos {
      for policy in [MetadataPolicy.all, .location] {
        let once = try #require(ImageMetadata.stripping(photo, policy))
        let twice = try #require(ImageMetadata.stripping(once.bytes, policy))
        #expect(twice.bytes == once.bytes)
        #expect(!twice.changed && !twice.hadLocation)
      }
    }
  }

  @Test func imagesWithoutMetadataComeBackAsTheyAre() throws {
    let plain = [
      PhotoBytes.jpeg([(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])]),
      PhotoBytes.png([("sRGB", [0])]),
      PhotoBytes.webP(flags: 0, [("VP8L", [0x2F, 1, 2])]),
    ]
    for image in plain {
      for policy in [MetadataPolicy.all, .location] {
        let stripped = try #require(ImageMetadata.stripping(image, policy))
        #expect(stripped.bytes == image && !stripped.changed && !stripped.hadLocation)
      }
    }
    // Exif without GPS is no change to `.location`.
    let noGPS = PhotoBytes.jpeg([(0xE1, Array("Exif".utf8) + [0, 0] + Array(PhotoBytes.tiff().prefix(8)))])
    #expect(ImageMetadata.stripping(noGPS, .location)?.changed == false)
    #expect(ImageMetadata.stripping(Array("GIF89a".utf8), .all) == nil)
    #expect(ImageMetadata.stripping([], .all) == nil)
  }

  /// Every truncation and every single-byte change of each photo, under both policies: no
  /// input traps or hangs, and a JPEG cut before its scan is not taken for an image.
  @Test func hostileBytesNeverTrap() {
    let photos = [
      PhotoBytes.photo(), PhotoBytes.photo(littleEndian: true), PhotoBytes.photoPNG(), PhotoBytes.photoWebP(),
    ]
    for photo in photos {
      for policy in [MetadataPolicy.all, .location] {
        for length in 0..<photo.count {
          _ = ImageMetadata.stripping(Array(photo.prefix(length)), policy)
        }
        for index in photo.indices {
          for value: UInt8 in [0x00, 0x01, 0x7F, 0xFF] {
            var changed = photo
            changed[index] = value
            _ = ImageMetadata.stripping(changed, policy)
          }
        }
      }
    }
    let photo = PhotoBytes.photo()
    let scan = photo.count - PhotoBytes.scan.count
    for length in 2..<scan {
      #expect(ImageMetadata.stripping(Array(photo.prefix(length)), .all) == nil, "\(length)")
    }
  }

  /// Offsets and counts that point outside the Exif block, or back into it.
  @Test func hostileExifNeverTraps() throws {
    let tiff = PhotoBytes.tiff()
    let order = PhotoBytes.Order(littleEndian: false)
    func with(_ value: [UInt8], at offset: Int) -> [UInt8] {
      var bytes = tiff
      bytes.replaceSubrange(offset..<offset + value.count, with: value)
      return bytes
    }
    let hostile = [
      with(order.u32(0xFFFF_FFFF), at: 4),  // IFD0 past the end
      with(order.u16(0xFFFF), at: 8),  // IFD0's count past the end
      with(order.u32(8), at: 10 + 24 + 8),  // GPS directory is IFD0
      with(order.u32(0xFFFF_FFF0), at: 10 + 24 + 8),  // GPS directory past the end
      with(order.u16(0xFFFF), at: 68),  // GPS count past the end
      with(order.u32(0xFFFF_FFFF), at: 70 + 12 + 4),  // latitude's count overflowing
      with(order.u32(0xFFFF_FFF0), at: 70 + 12 + 8),  // latitude's values past the end
      with(order.u32(4), at: 70 + 12 + 8),  // latitude's values over the header
      // GPSInfo twice: both go.
      with(order.u16(0x8825) + order.u16(4) + order.u32(1) + order.u32(68), at: 10 + 36),
    ]
    for exif in hostile {
      for policy in [MetadataPolicy.all, .location] {
        let photo = PhotoBytes.jpeg([(0xE1, Array("Exif".utf8) + [0, 0] + exif)])
        let stripped = try #require(ImageMetadata.stripping(photo, policy))
        #expect(stripped.bytes.suffix(PhotoBytes.scan.count).elementsEqual(PhotoBytes.scan))
        let again = try #require(ImageMetadata.stripping(stripped.bytes, policy))
        #expect(!again.changed && !again.hadLocation)
        // `.location` finds no values through a broken directory; `.all` drops the block.
        #expect(!showsLatitude(stripped.bytes) || policy == .location)
      }
    }
    let twice = PhotoBytes.jpeg([(0xE1, Array("Exif".utf8) + [0, 0] + hostile[hostile.count - 1])])
    let stripped = try #require(ImageMetadata.stripping(twice, .location))
    #expect(!showsLatitude(stripped.bytes) && !contains(stripped.bytes, [0x88, 0x25]))
    // A segment length under 2, and one past the end.
    for length in [[0, 0], [0, 1], [0xFF, 0xFF]] as [[UInt8]] {
      #expect(ImageMetadata.stripping([0xFF, 0xD8, 0xFF, 0xE1] + length + [0, 0], .all) == nil)
    }
    #expect(ImageMetadata.stripping(PhotoBytes.big32(0) + Array("RIFF".utf8), .all) == nil)
    var riff = PhotoBytes.photoWebP()
    riff.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF])
    #expect(ImageMetadata.stripping(riff, .all) == nil)
  }

  /// exiftool, the tool people check their photos with, finds no position in what is published.
  @Test(.enabled(if: ExifTool.isInstalled))
  func exiftoolFindsNoPosition() throws {
    let exiftool = try ExifTool()
    let photo = PhotoBytes.photo(littleEndian: true)
    #expect(try exiftool.tags(photo).contains("[GPS]"))
    let location = try #require(ImageMetadata.stripping(photo, .location))
    #expect(try !exiftool.tags(location.bytes).contains("GPS"))
    #expect(try exiftool.run(location.bytes, ["-s3", "-Make"]) == "Apple\n")
    let all = try #require(ImageMetadata.stripping(photo, .all))
    let allTags = try exiftool.tags(all.bytes)
    #expect(!allTags.contains("GPS") && !allTags.contains("Make") && !allTags.contains("holiday"))
    #expect(try exiftool.run(all.bytes, ["-s3", "-n", "-Orientation"]) == "6\n")

    for (photo, type) in [(PhotoBytes.photoPNG(), "png"), (PhotoBytes.photoWebP(), "webp")] {
      #expect(try exiftool.tags(photo, type: type).contains("[GPS]"), "\(type)")
      for policy in [MetadataPolicy.all, .location] {
        let stripped = try #require(ImageMetadata.stripping(photo, policy))
        let tags = try exiftool.tags(stripped.bytes, type: type)
        #expect(!tags.contains("GPS"), "\(type) \(policy)")
        #expect(tags.contains("Apple") == (policy == .location), "\(type) \(policy)")
        #expect(try exiftool.problems(stripped.bytes, type: type) == [], "\(type) \(policy)")
      }
    }
  }

  /// Metadata as another writer lays it out (exiftool's own: IFD0, the Exif directory, GPS with
  /// latitude, longitude and altitude, and XMP) is stripped as well as the fixtures' is.
  @Test(.enabled(if: ExifTool.isInstalled))
  func metadataExiftoolWroteIsStripped() throws {
    let exiftool = try ExifTool()
    let plain = [
      (PhotoBytes.jpeg([(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])]), "jpg"),
      (PhotoBytes.png([]), "png"),
      (PhotoBytes.webP(flags: 0, [("VP8L", [0x2F, 0x9F, 0xEF, 0xB7, 0x02, 0x11, 0x22])]), "webp"),
    ]
    let tags = [
      "-GPSLatitude=52.52", "-GPSLatitudeRef=N", "-GPSLongitude=13.40", "-GPSLongitudeRef=E",
      "-GPSAltitude=34", "-Make=Apple", "-DateTimeOriginal=2001:02:03 04:05:06", "-Orientation#=6",
      "-XMP-exif:GPSLatitude=52,31.2N", "-XMP-dc:Title=Holiday",
    ]
    for (image, type) in plain {
      let photo = try exiftool.writing(tags, into: image, type: type)
      #expect(try exiftool.tags(photo, type: type).contains("[GPS]"), "\(type)")
      for policy in [MetadataPolicy.all, .location] {
        let stripped = try #require(ImageMetadata.stripping(photo, policy), "\(type) \(policy)")
        #expect(stripped.hadLocation && stripped.changed)
        let read = try exiftool.tags(stripped.bytes, type: type)
        #expect(!read.contains("GPS"), "\(type) \(policy): \(read)")
        #expect(read.contains("Apple") == (policy == .location), "\(type) \(policy)")
        #expect(read.contains("2001:02:03") == (policy == .location), "\(type) \(policy)")
        #expect(try exiftool.problems(stripped.bytes, type: type) == [], "\(type) \(policy)")
      }
      let all = try #require(ImageMetadata.stripping(photo, .all))
      if type == "jpg" {
        #expect(try exiftool.run(all.bytes, ["-s3", "-n", "-Orientation"], type: type) == "6\n")
        #expect(all.bytes.suffix(PhotoBytes.scan.count).elementsEqual(PhotoBytes.scan))
      }
    }
  }
}

/// exiftool (Debian libimage-exiftool-perl), run on bytes through a temporary file.
private final class ExifTool {
  static let path = "/usr/bin/exiftool"
  static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "folio-exif-\(UUID().uuidString)")

  init() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Every tag of every group, duplicates too: `-gps:all` alone hides the GPS directory's
  /// latitude behind XMP's, and prints nothing even for the photo as taken.
  func tags(_ bytes: [UInt8], type: String = "jpg") throws -> String {
    try run(bytes, ["-a", "-G1", "-s"], type: type)
  }

  /// What `-validate` finds wrong in the file's structure (a CRC, an offset, a size), leaving
  /// out the Exif tags the standard calls required: an orientation-only block has none of them,
  /// and no browser asks for them.
  func problems(_ bytes: [UInt8], type: String = "jpg") throws -> [String] {
    let warnings = try run(bytes, ["-a", "-s3", "-validate", "-warning"], type: type)
    return warnings.split(separator: "\n").dropFirst().map(String.init).filter {
      !$0.hasPrefix("Missing required")
    }
  }

  /// `bytes` with `tags` written into them by exiftool.
  func writing(_ tags: [String], into bytes: [UInt8], type: String) throws -> [UInt8] {
    _ = try run(bytes, ["-overwrite_original"] + tags, type: type)
    let written = try Data(contentsOf: folder.appendingPathComponent("image.\(type)"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("image.\(type)"))
    return Array(written)
  }

  /// What exiftool prints for `arguments` and `bytes` written to a file of `type`.
  func run(_ bytes: [UInt8], _ arguments: [String], type: String = "jpg") throws -> String {
    let file = folder.appendingPathComponent("image.\(type)")
    try Data(bytes).write(to: file)
    defer { if !arguments.contains("-overwrite_original") { try? FileManager.default.removeItem(at: file) } }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.path)
    process.arguments = arguments + [file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text
  }
}
